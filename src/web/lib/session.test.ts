import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERSIST_THROTTLE_MS, SESSION_STORAGE_KEY, createSessionStore, session, useSession } from './session.ts';

const user = { id: 'u1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' as const, permissions: [], isRestricted: false, lastLogin: null, createdAt: '2025-01-01T00:00:00.000Z' };
const signedIn = { accessToken: 'a1', refreshToken: 'r1', user };
const stored = () => JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as unknown;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  session.clear();
});

describe('session store', () => {
  it('persists a sign-in at once, so a reload right after keeps the session', () => {
    const store = createSessionStore(localStorage);
    store.signIn(signedIn);
    expect(stored()).toEqual(signedIn);
    expect(createSessionStore(localStorage).get()).toEqual(signedIn);
  });

  it('writes user changes at most once per 5 seconds', () => {
    const store = createSessionStore(localStorage);
    store.signIn(signedIn);
    store.setUser({ ...user, name: 'Ada B' });
    store.setUser({ ...user, name: 'Ada C' });
    expect(store.get()?.user.name).toBe('Ada C');
    vi.advanceTimersByTime(PERSIST_THROTTLE_MS - 1);
    expect(stored()).toMatchObject({ user: { name: 'Ada Admin' } });
    vi.advanceTimersByTime(1);
    expect(stored()).toMatchObject({ user: { name: 'Ada C' } });
    expect(PERSIST_THROTTLE_MS).toBe(5000);
  });

  it('an ended session keeps its reason for the login page until the next sign-in or sign-out', () => {
    const store = createSessionStore(localStorage);
    store.signIn(signedIn);
    store.end('Your session ended after 60 minutes without activity. Please sign in again.');
    expect(store.get()).toBeNull();
    expect(stored()).toBeNull();
    expect(store.notice()).toBe('Your session ended after 60 minutes without activity. Please sign in again.');
    store.signIn(signedIn);
    expect(store.notice()).toBeNull();
    store.end('Your session has ended. Please sign in again.');
    store.clear();
    expect(store.notice()).toBeNull();
  });

  it('writes rotated tokens at once (a stale stored refresh token would end every session)', () => {
    const store = createSessionStore(localStorage);
    store.signIn(signedIn);
    store.setTokens({ accessToken: 'a2', refreshToken: 'r2' });
    expect(stored()).toMatchObject({ accessToken: 'a2', refreshToken: 'r2' });
  });

  it('clears both tokens at once on logout, dropping a pending write', () => {
    const store = createSessionStore(localStorage);
    store.signIn(signedIn);
    store.setUser({ ...user, name: 'Later' });
    store.clear();
    expect(store.get()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    vi.advanceTimersByTime(PERSIST_THROTTLE_MS);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('flush writes a pending change now', () => {
    const store = createSessionStore(localStorage);
    store.signIn(signedIn);
    store.setUser({ ...user, name: 'Now' });
    store.flush();
    expect(stored()).toMatchObject({ user: { name: 'Now' } });
  });

  it('ignores stored data that is not a whole session', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: 'a1' }));
    expect(createSessionStore(localStorage).get()).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(createSessionStore(localStorage).get()).toBeNull();
  });

  it('keeps nothing but tokens, the user and the idle limit (which survives a reload)', () => {
    const store = createSessionStore(localStorage);
    store.signIn({ ...signedIn, idleMinutes: 60 });
    expect(Object.keys(stored() as object).sort()).toEqual(['accessToken', 'idleMinutes', 'refreshToken', 'user']);
    expect(createSessionStore(localStorage).get()?.idleMinutes).toBe(60);
  });

  it('re-renders subscribers through useSyncExternalStore', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();
    act(() => session.signIn(signedIn));
    expect(result.current?.user.name).toBe('Ada Admin');
    act(() => session.clear());
    expect(result.current).toBeNull();
  });
});
