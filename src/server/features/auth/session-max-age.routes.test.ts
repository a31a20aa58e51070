import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp } from '../../../../tests/support/test-app.ts';
import { fixedClock } from '../../lib/clock.ts';
import type { Tokens } from './auth.test-support.ts';

const HOUR = 3_600_000;

async function suite(env: Record<string, string>) {
  const clock = fixedClock('2025-06-02T07:00:00.000Z');
  const t = await createTestApp({ clock, env });
  const u = await t.createUser('staff');
  const refresh = (refreshToken: string) => t.request({ method: 'POST', url: '/v1/auth/refresh-tokens', payload: { refreshToken } });
  const profile = (access: string) => t.request({ method: 'GET', url: '/v1/auth/profile', headers: bearer(access) });
  /** Uses the session every 30 minutes (within the idle limit) until `hours` after sign-in; returns the last pair. */
  async function keepBusy(tokens: { access: string; refresh: string }, hours: number) {
    let pair = tokens;
    for (let elapsed = 0; elapsed + 0.5 * HOUR < hours * HOUR; elapsed += 0.5 * HOUR) {
      clock.advance(0.5 * HOUR);
      const res = await refresh(pair.refresh);
      expect(res.statusCode).toBe(200);
      const next = res.json<Tokens>();
      pair = { access: next.access.token, refresh: next.refresh.token };
      expect((await profile(pair.access)).statusCode).toBe(200);
    }
    return pair;
  }
  return { clock, t, u, refresh, profile, keepBusy };
}

describe('sessions end after SESSION_MAX_HOURS, however much they are used', () => {
  let s: Awaited<ReturnType<typeof suite>>;
  beforeAll(async () => {
    s = await suite({});
  });
  afterAll(() => s.t.close());

  it('a session in use all day ends 12 hours after its sign-in, saying so', async () => {
    const busy = await s.keepBusy(await s.t.login(s.u.email, s.u.password), 12);
    s.clock.set(new Date(Date.parse('2025-06-02T07:00:00.000Z') + 12 * HOUR));
    expect((await s.profile(busy.access)).statusCode).toBe(401);
    const res = await s.refresh(busy.refresh);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'unauthorized', message: 'Your session ended after 12 hours. Please sign in again.' });
    // Signing in again starts a new session.
    expect((await s.t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: s.u.email, password: s.u.password } })).statusCode).toBe(200);
  });
});

describe('SESSION_MAX_HOURS=2', () => {
  let s: Awaited<ReturnType<typeof suite>>;
  beforeAll(async () => {
    s = await suite({ SESSION_MAX_HOURS: '2' });
  });
  afterAll(() => s.t.close());

  it('ends the session after 2 hours, with that number in the message', async () => {
    const busy = await s.keepBusy(await s.t.login(s.u.email, s.u.password), 2);
    s.clock.advance(0.5 * HOUR);
    const res = await s.refresh(busy.refresh);
    expect(res.json()).toEqual({ code: 'unauthorized', message: 'Your session ended after 2 hours. Please sign in again.' });
  });
});
