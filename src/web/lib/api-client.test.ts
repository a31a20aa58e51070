import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '#shared/contract/auth';
import type { ApiErrorBody } from '#shared/contract/common';
import { dashboardApi } from '#shared/contract/dashboard';
import type { EndpointDef, ResponseInputOf } from '#shared/contract/endpoints';
import { logsApi } from '#shared/contract/logs';
import { usersApi } from '#shared/contract/users';
import { ApiError, TIMEOUT_MESSAGE, api, apiBlob, lastServerContact, onSessionEnded } from './api-client.ts';
import { session } from './session.ts';

const user = { id: 'u1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' as const, permissions: [], isRestricted: false, lastLogin: null, createdAt: '2025-01-01T00:00:00.000Z' };
const stats = { stats: [{ name: 'Total Users', value: 3 }] };
const tokens = (n: number) => ({ access: { token: `access-${n}`, expires: 'x' }, refresh: { token: `refresh-${n}`, expires: 'x' }, idleMinutes: 45 });

/** The success answer of `endpoint`, typed by its response schema (204 sends none). */
function answer<E extends EndpointDef>(endpoint: E, body: ResponseInputOf<E>): Response {
  return new Response(endpoint.status === 204 ? null : JSON.stringify(body), { status: endpoint.status, headers: { 'content-type': 'application/json' } });
}

/** An error answer as the server gives one. */
function failure(status: number, body: ApiErrorBody): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown; signal: AbortSignal | null | undefined };
const calls: Call[] = [];
let respond: (call: Call) => Response | Promise<Response>;

beforeEach(() => {
  calls.length = 0;
  session.signIn({ accessToken: 'access-0', refreshToken: 'refresh-0', user });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined, signal: init.signal };
      calls.push(call);
      return respond(call);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  session.clear();
  onSessionEnded(() => {});
});

describe('api', () => {
  it('builds the path and query, sends the bearer token and parses the response', async () => {
    respond = () => answer(usersApi.list, { results: [user], page: 2, limit: 10, totalPages: 2, totalResults: 11 });
    const page = await api(usersApi.list, { query: { page: 2, limit: 10, sortBy: 'name:desc' } });
    expect(page.results[0]?.name).toBe('Ada Admin');
    expect(calls[0]).toMatchObject({ url: '/v1/users?page=2&limit=10&sortBy=name%3Adesc', method: 'GET' });
    expect(calls[0]?.headers.authorization).toBe('Bearer access-0');
    expect(calls[0]?.headers.accept).toBe('application/json');
  });

  it('sends a JSON body with a JSON content type, and fills path params', async () => {
    respond = () => answer(usersApi.restrictAccess, null);
    await expect(api(usersApi.restrictAccess, { params: { userId: 'a b' }, body: { isRestricted: true } })).resolves.toBeNull();
    expect(calls[0]).toMatchObject({ url: '/v1/users/a%20b/restrict-access', method: 'PATCH', body: { isRestricted: true } });
    expect(calls[0]?.headers['content-type']).toBe('application/json');
  });

  it("uses the server's message when there is one, else the caller's fallback", async () => {
    respond = () => failure(409, { code: 'conflict', message: 'A user with this email already exists.' });
    const conflict = api(usersApi.create, { body: { name: 'A', email: 'a@example.com', password: 'Passw0rd1', role: 'staff' }, fallback: 'User Creation Failed' });
    await expect(conflict).rejects.toMatchObject({ status: 409, code: 'conflict', message: 'A user with this email already exists.' });

    respond = () => new Response('<html>bad gateway</html>', { status: 502 });
    const failed = api(dashboardApi.stats, { fallback: { failed: 'Failed to fetch data', thrown: 'An error occurred during fetching data' } });
    await expect(failed).rejects.toMatchObject({ status: 502, message: 'Failed to fetch data' });
  });

  it('uses the "thrown" fallback when no answer arrives', async () => {
    respond = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await api(dashboardApi.stats, { fallback: { failed: 'Failed to fetch data', thrown: 'An error occurred during fetching data' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network_error', message: 'An error occurred during fetching data' });
  });

  it("times out after 60000 ms with the screen's text", async () => {
    vi.useFakeTimers();
    respond = (call) => new Promise((_, reject) => call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const pending = api(dashboardApi.stats).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('timeout of 60000ms exceeded');
    expect(TIMEOUT_MESSAGE).toBe('timeout of 60000ms exceeded');
  });

  it('returns a blob in raw mode', async () => {
    respond = () => new Response('Timestamp,Label\r\n', { status: 200, headers: { 'content-type': 'text/csv' } });
    const blob = await apiBlob(logsApi.list);
    expect(await blob.text()).toBe('Timestamp,Label\r\n');
  });
});

/** A Web Locks API that grants each lock at once, after `beforeGrant` (another tab's turn); answers the names asked for. */
function stubLocks(beforeGrant: () => void): string[] {
  const held: string[] = [];
  vi.stubGlobal('navigator', {
    locks: {
      request: async (name: string, work: () => Promise<unknown>) => {
        held.push(name);
        beforeGrant();
        return work();
      },
    },
  });
  return held;
}

describe('api on a 401', () => {
  it('refreshes once for all concurrent callers, then retries each once with the new token', async () => {
    respond = (call) => {
      if (call.url === '/v1/auth/refresh-tokens') return answer(authApi.refreshTokens, tokens(1));
      return call.headers.authorization === 'Bearer access-1' ? answer(dashboardApi.stats, stats) : failure(401, { code: 'unauthorized', message: 'expired' });
    };
    const results = await Promise.all([api(dashboardApi.stats), api(dashboardApi.stats), api(dashboardApi.stats)]);
    expect(results.map((r) => r.stats[0]?.value)).toEqual([3, 3, 3]);
    const refreshes = calls.filter((c) => c.url === '/v1/auth/refresh-tokens');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refreshToken: 'refresh-0' });
    expect(calls.filter((c) => c.url === '/v1/dashboard')).toHaveLength(6);
    expect(session.get()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1', idleMinutes: 45 });
  });

  it('waits for another tab refreshing the same session, then takes the tokens it stored instead of refreshing again', async () => {
    // Another tab holds the browser-wide lock and rotates the tokens before this tab gets it.
    const held = stubLocks(() => localStorage.setItem('qp.session', JSON.stringify({ accessToken: 'access-7', refreshToken: 'refresh-7', user })));
    respond = (call) => (call.headers.authorization === 'Bearer access-7' ? answer(dashboardApi.stats, stats) : failure(401, { code: 'unauthorized', message: 'expired' }));
    const results = await Promise.all([api(dashboardApi.stats), api(dashboardApi.stats)]);
    expect(results.map((r) => r.stats[0]?.value)).toEqual([3, 3]);
    expect(held).toEqual(['qp.refresh-tokens']);
    expect(calls.filter((c) => c.url === '/v1/auth/refresh-tokens')).toHaveLength(0);
    expect(session.get()).toMatchObject({ accessToken: 'access-7', refreshToken: 'refresh-7' });
  });

  it('refreshes under the browser-wide lock when no other tab did', async () => {
    const held = stubLocks(() => undefined);
    respond = (call) => {
      if (call.url === '/v1/auth/refresh-tokens') return answer(authApi.refreshTokens, tokens(1));
      return call.headers.authorization === 'Bearer access-1' ? answer(dashboardApi.stats, stats) : failure(401, { code: 'unauthorized', message: 'expired' });
    };
    await api(dashboardApi.stats);
    expect(held).toEqual(['qp.refresh-tokens']);
    expect(calls.filter((c) => c.url === '/v1/auth/refresh-tokens')).toHaveLength(1);
  });

  it('retries only once: a second 401 is the answer', async () => {
    respond = (call) => (call.url === '/v1/auth/refresh-tokens' ? answer(authApi.refreshTokens, tokens(1)) : failure(401, { code: 'unauthorized', message: 'Please sign in.' }));
    await expect(api(dashboardApi.stats)).rejects.toMatchObject({ status: 401, message: 'Please sign in.' });
    expect(calls.map((c) => c.url)).toEqual(['/v1/dashboard', '/v1/auth/refresh-tokens', '/v1/dashboard']);
  });

  it('clears both tokens, reports the ended session and rejects when the refresh fails', async () => {
    const ended = vi.fn();
    onSessionEnded(ended);
    respond = (call) =>
      call.url === '/v1/auth/refresh-tokens' ? failure(401, { code: 'unauthorized', message: 'Your session has ended. Please sign in again.' }) : failure(401, { code: 'unauthorized', message: 'expired' });
    const all = await Promise.allSettled([api(dashboardApi.stats), api(dashboardApi.stats)]);
    expect(all.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((all[0] as PromiseRejectedResult).reason).toMatchObject({ status: 401, message: 'Your session has ended. Please sign in again.' });
    expect(session.get()).toBeNull();
    expect(localStorage.getItem('qp.session')).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
    // The login page shows the server's reason (an idle sign-out says so).
    expect(session.notice()).toBe('Your session has ended. Please sign in again.');
    expect(calls.filter((c) => c.url === '/v1/auth/refresh-tokens')).toHaveLength(1);
  });

  it('notes when a signed-in request last reached the server, not when one was refused', async () => {
    vi.useFakeTimers({ now: new Date('2025-06-01T10:00:00Z'), toFake: ['Date'] });
    respond = () => answer(dashboardApi.stats, stats);
    await api(dashboardApi.stats);
    expect(lastServerContact()).toBe(Date.parse('2025-06-01T10:00:00Z'));
    vi.setSystemTime(new Date('2025-06-01T10:05:00Z'));
    respond = () => failure(401, { code: 'unauthorized', message: 'Your session has ended. Please sign in again.' });
    await expect(api(dashboardApi.stats)).rejects.toBeInstanceOf(ApiError);
    expect(lastServerContact()).toBe(Date.parse('2025-06-01T10:00:00Z'));
  });

  it('never refreshes for a public endpoint (a wrong password is just an error)', async () => {
    respond = () => failure(401, { code: 'unauthorized', message: 'Incorrect email or password.' });
    await expect(api(authApi.login, { body: { email: 'a@example.com', password: 'nope' }, fallback: 'Authentication failed' })).rejects.toMatchObject({
      message: 'Incorrect email or password.',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });
});
