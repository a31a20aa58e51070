import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';
import { fixedClock } from '../../lib/clock.ts';
import { appCode, turnOnMfa } from './mfa/mfa.test-support.ts';
import { THROTTLE } from './throttle.ts';

const clock = fixedClock('2026-03-02T09:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => t.close());

function signIn(email: string, password: string, from: string, cookie?: string) {
  return t.request({ method: 'POST', url: '/v1/auth/login', payload: { email, password }, headers: { 'x-forwarded-for': from, ...(cookie ? { cookie } : {}) } });
}

/** The device cookie a sign-in answered (name=value). */
const deviceCookie = (res: { headers: Record<string, unknown> }) => {
  const set = [res.headers['set-cookie']].flat().map(String).find((c) => c.startsWith('qp_device_'));
  if (!set) throw new Error('no device cookie');
  expect(set).toMatch(/; Path=\/v1\/auth; Max-Age=\d+; HttpOnly; SameSite=Strict/);
  return set.split(';')[0]!;
};

/** Guesses from as many addresses, each a step apart so the account's slow-down never holds them. */
async function guesses(email: string, n: number, from: (i: number) => string, cookie?: string) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    statuses.push((await signIn(email, `wrong-password-${i}`, from(i), cookie)).statusCode);
    clock.advance(THROTTLE.accountLongestWaitMs);
  }
  return statuses;
}

describe('failures per account in an hour (100), and the browsers that signed in before', () => {
  // 110 password checks, each a full argon2 hash: a slow test on a busy machine.
  it('after 100 failures from unknown browsers, unknown browsers wait for the hour; the owner’s browser still signs in', { timeout: 120_000 }, async () => {
    const u = await t.createUser('staff');
    const owner = deviceCookie(await signIn(u.email, u.password, '192.0.2.1'));
    const spread = (i: number) => `198.51.${100 + Math.floor(i / 4)}.${(i % 4) + 1}`;
    expect(await guesses(u.email, THROTTLE.untrustedFailures, spread)).toEqual(Array(THROTTLE.untrustedFailures).fill(401));
    // The 101st attempt, with the right password even, from a browser the account has never seen.
    const refused = await signIn(u.email, u.password, '203.0.113.77');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', message: 'Too many failed sign-in attempts. Please wait 60 minutes and try again.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55 * 60);
    // A browser with another account's cookie, or a forged one, is no better.
    const other = await t.createUser('staff');
    const othersCookie = deviceCookie(await signIn(other.email, other.password, '192.0.2.2'));
    expect((await signIn(u.email, u.password, '192.0.2.2', othersCookie.replace(/^[^=]+/, owner.split('=')[0]!))).statusCode).toBe(429);
    expect((await signIn(u.email, u.password, '192.0.2.2', `${owner}x`)).statusCode).toBe(429);
    // The owner's own browser, from any address.
    const ok = await signIn(u.email, u.password, '203.0.113.78', owner);
    expect(ok.statusCode).toBe(200);
    // A known browser that keeps failing loses its standing: after 10 failures it counts as unknown.
    expect(await guesses(u.email, THROTTLE.deviceFailures, (i) => `198.19.${i}.1`, owner)).toEqual(Array(THROTTLE.deviceFailures).fill(401));
    expect((await signIn(u.email, u.password, '198.19.99.1', owner)).statusCode).toBe(429);
    // An hour on, everyone may try again.
    clock.advance(THROTTLE.hourMs);
    expect((await signIn(u.email, u.password, '203.0.113.79')).statusCode).toBe(200);
  });

  it('codes count the same: a wrong code is a failure of the hour, a code just used is none, a right one gives back its attempts', async () => {
    const u = await t.createUser('member');
    const headers = { authorization: `Bearer ${(await t.login(u.email, u.password)).access}` };
    const { secret } = await turnOnMfa(t, headers, clock.now());
    const hourly = async () => (await t.database.db.execute<{ hits: number }>(sql`select hits from login_throttle where key = ${`untrusted:${u.email}`}`)).rows[0]?.hits ?? 0;
    const start = await hourly();
    clock.advance(30_000);
    const challenge = (await signIn(u.email, u.password, '192.0.2.5')).json<{ challenge: string }>().challenge;
    // The right password's attempt stays counted while its code is to come.
    expect(await hourly()).toBe(start + 1);
    const step = (code: string) => t.request({ method: 'POST', url: '/v1/auth/login/mfa', payload: { challenge, code }, headers: { 'x-forwarded-for': '192.0.2.5' } });
    expect((await step('000000')).statusCode).toBe(401);
    expect(await hourly()).toBe(start + 2);
    const code = appCode(secret, new Date(clock.now().getTime() - 30_000));
    expect((await step(code)).json()).toMatchObject({ message: 'This code was just used — wait for the next one.' });
    expect(await hourly()).toBe(start + 2);
    expect((await step(appCode(secret, clock.now()))).statusCode).toBe(200);
    // The wrong code stays counted; the password and the right code are given back.
    expect(await hourly()).toBe(start + 1);
  });
});
