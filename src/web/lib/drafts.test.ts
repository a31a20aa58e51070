import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/contract/users';
import { draftOf, useDraft } from './drafts.ts';
import { session } from './session.ts';

const user = (id: string): User => ({ id, name: `User ${id}`, email: `${id}@example.org`, role: 'staff', permissions: [], isRestricted: false, lastLogin: null, createdAt: '2026-11-26T08:00:00.000Z' });
const signIn = (id: string) => session.signIn({ accessToken: 'a', refreshToken: 'r', user: user(id) });

describe('useDraft', () => {
  it('restores what was typed when the same dialog opens again for the same submission', () => {
    signIn('u1');
    const first = renderHook(() => useDraft('followup:s1'));
    act(() => first.result.current[1]('Called the clinic, no answer'));
    first.unmount();

    const reopened = renderHook(() => useDraft('followup:s1'));
    expect(reopened.result.current[0]).toBe('Called the clinic, no answer');
    const other = renderHook(() => useDraft('followup:s2'));
    expect(other.result.current[0]).toBe('');
  });

  it('follows the key when a mounted dialog switches to another submission', () => {
    signIn('u1');
    const { result, rerender } = renderHook(({ key }) => useDraft(key), { initialProps: { key: 'reason:a' } });
    act(() => result.current[1]('Duplicate of another complaint'));
    rerender({ key: 'reason:b' });
    expect(result.current[0]).toBe('');
    rerender({ key: 'reason:a' });
    expect(result.current[0]).toBe('Duplicate of another complaint');
  });

  it('forgets a draft once saved, and every draft when the session ends', () => {
    signIn('u1');
    const { result } = renderHook(() => useDraft('rationale:s1'));
    act(() => result.current[1]('Not a malfunction'));
    act(() => result.current[2]());
    expect(draftOf('rationale:s1')).toBe('');

    act(() => result.current[1]('Typed again'));
    act(() => session.clear());
    expect(draftOf('rationale:s1')).toBe('');

    signIn('u2');
    const next = renderHook(() => useDraft('rationale:s1'));
    expect(next.result.current[0]).toBe('');
  });

  it('never writes a draft to the browser storage', () => {
    signIn('u1');
    const { result } = renderHook(() => useDraft('followup:s9'));
    act(() => result.current[1]('Patient Jane Roe called back'));
    const stored = [...Array(window.localStorage.length).keys()].map((i) => window.localStorage.getItem(window.localStorage.key(i)!) ?? '');
    expect(stored.join('\n')).not.toContain('Jane Roe');
    expect(window.sessionStorage.length).toBe(0);
  });
});
