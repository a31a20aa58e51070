import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardApi } from '#shared/contract/dashboard';
import type { ResponseInputOf } from '#shared/contract/endpoints';
import { api } from '../../lib/api-client.ts';
import { session } from '../../lib/session.ts';
import { useIdleSignOut } from './idle-sign-out.ts';

const user = { id: 'u', name: 'A', email: 'a@example.com', role: 'staff' as const, permissions: [], isRestricted: false, lastLogin: null, createdAt: 'x' };
const MINUTE = 60_000;
let paths: string[] = [];
/** Every request gets the dashboard's figures as its reply: only the paths asked for matter here. */
const STATS: ResponseInputOf<typeof dashboardApi.stats> = { stats: [] };

beforeEach(async () => {
  vi.useFakeTimers({ now: new Date('2025-06-02T09:00:00Z') });
  paths = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      paths.push(url);
      return new Response(JSON.stringify(STATS), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  session.signIn({ accessToken: 'a', refreshToken: 'r', user, idleMinutes: 10 });
  // A request reaches the server: the idle clock starts here.
  await api(dashboardApi.stats);
  paths = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  session.clear();
});

describe('useIdleSignOut', () => {
  it('asks the server once the idle limit has passed without a request, so an idle session ends', async () => {
    renderHook(() => useIdleSignOut());
    await act(() => vi.advanceTimersByTimeAsync(9 * MINUTE));
    expect(paths).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(MINUTE + 15_000));
    expect(paths[0]).toBe('/v1/auth/profile');
  });

  it('someone typing or clicking keeps the session in use, at most once a minute', async () => {
    renderHook(() => useIdleSignOut());
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    window.dispatchEvent(new KeyboardEvent('keydown'));
    expect(paths).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(MINUTE));
    window.dispatchEvent(new KeyboardEvent('keydown'));
    window.dispatchEvent(new PointerEvent('pointerdown'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(paths).toEqual(['/v1/auth/profile']);
  });

  it('does nothing for a session without an idle limit (stored before it existed)', async () => {
    session.signIn({ accessToken: 'a', refreshToken: 'r', user });
    renderHook(() => useIdleSignOut());
    await act(() => vi.advanceTimersByTimeAsync(120 * MINUTE));
    expect(paths).toEqual([]);
  });
});
