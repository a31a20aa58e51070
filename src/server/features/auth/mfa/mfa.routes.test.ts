import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../../tests/support/test-app.ts';
import { fixedClock } from '../../../lib/clock.ts';
import { appCode, bearer, secondStep, signInWithPassword, turnOnMfa } from './mfa.test-support.ts';

const clock = fixedClock('2026-03-02T09:00:00Z');
const STEP = 30_000;
const MFA_REQUIRED = { code: 'mfa_required', message: 'Enter the 6-digit code from your authenticator app.' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => t.close());

async function challengeOf(email: string, password: string, from?: string): Promise<string> {
  const res = await signInWithPassword(t, email, password, from);
  expect(res.statusCode).toBe(403);
  return res.json<{ challenge: string }>().challenge;
}

describe('setting up the authenticator app on My account', () => {
  it('shows a secret and its otpauth address, and turns on only with a right first code', async () => {
    const u = await t.createUser('staff');
    const headers = bearer((await t.login(u.email, u.password)).access);
    // A stolen session cannot enrol its own app: the current password is asked for first.
    const noPassword = await t.request({ method: 'POST', url: '/v1/auth/mfa/totp', headers, payload: {} });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ message: 'Enter your current password.', details: { password: 'Enter your current password.' } });
    const wrongPassword = await t.request({ method: 'POST', url: '/v1/auth/mfa/totp', headers, payload: { password: 'not-my-password' } });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ message: 'Your password is not correct.' });
    const setUp = await t.request({ method: 'POST', url: '/v1/auth/mfa/totp', headers, payload: { password: u.password } });
    expect(setUp.statusCode).toBe(200);
    const { secret, otpauthUrl } = setUp.json<{ secret: string; otpauthUrl: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(`otpauth://totp/Quality%20Portal:${encodeURIComponent(u.email)}?issuer=Quality%20Portal&secret=${secret}&algorithm=SHA1&digits=6&period=30`);

    const wrongCode = appCode(secret, new Date(clock.now().getTime() + 5 * STEP));
    const wrong = await t.request({ method: 'POST', url: '/v1/auth/mfa/totp/confirm', headers, payload: { code: wrongCode } });
    expect(wrong.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/v1/auth/mfa', headers })).json()).toEqual({ enabled: false, recoveryCodesLeft: 0, viaProvider: false, required: false, passwordSignIn: true, providerProof: false });
    // Still off: a password alone signs in.
    expect((await signInWithPassword(t, u.email, u.password)).statusCode).toBe(200);

    const right = await t.request({ method: 'POST', url: '/v1/auth/mfa/totp/confirm', headers, payload: { code: appCode(secret, clock.now()) } });
    expect(right.statusCode).toBe(200);
    const { recoveryCodes } = right.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    recoveryCodes.forEach((c) => expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/));
    expect((await t.request({ method: 'GET', url: '/v1/auth/mfa', headers })).json()).toEqual({ enabled: true, recoveryCodesLeft: 10, viaProvider: false, required: false, passwordSignIn: true, providerProof: false });
    // A second set-up would replace the app in use: refused until it is turned off.
    expect((await t.request({ method: 'POST', url: '/v1/auth/mfa/totp', headers, payload: { password: u.password } })).statusCode).toBe(409);
  });
});

describe('signing in with the second factor', () => {
  it('replies 403 mfa_required with a challenge and no tokens after the right password', async () => {
    const u = await t.createUser('member');
    await turnOnMfa(t, bearer((await t.login(u.email, u.password)).access), clock.now());
    const res = await signInWithPassword(t, u.email, u.password);
    expect(res.statusCode).toBe(403);
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject(MFA_REQUIRED);
    expect(Object.keys(body).sort()).toEqual(['challenge', 'code', 'message']);
    // A wrong password still gets the reply it got before: it does not reveal that a second factor is on.
    expect((await signInWithPassword(t, u.email, 'wrong-password-1')).statusCode).toBe(401);
  });

  it('a right code gets the reply a password sign-in gets, and the session says how it signed in', async () => {
    const u = await t.createUser('staff', { name: 'Tess Two-Step' });
    const { secret } = await turnOnMfa(t, bearer((await t.login(u.email, u.password)).access), clock.now());
    clock.advance(STEP);
    const res = await secondStep(t, await challengeOf(u.email, u.password), appCode(secret, clock.now()));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ user: { email: string; name: string }; tokens: { access: { token: string }; refresh: { token: string } } }>();
    expect(Object.keys(body).sort()).toEqual(['tokens', 'user']);
    expect(body.user).toMatchObject({ email: u.email, name: 'Tess Two-Step', role: 'staff' });
    const headers = bearer(body.tokens.access.token);
    expect((await t.request({ method: 'GET', url: '/v1/auth/profile', headers })).statusCode).toBe(200);
    const sessions = (await t.request({ method: 'GET', url: '/v1/auth/sessions', headers })).json<{ results: { current: boolean; method: string }[] }>().results;
    expect(sessions.find((s) => s.current)?.method).toBe('password+totp');
    // The session that set the app up proved its first code: it counts as signed in with it.
    expect(sessions.filter((s) => !s.current).map((s) => s.method)).toEqual(['password+totp']);
  });

  it('accepts a code once: the same code for a new challenge is refused as just used, and counts no failure', async () => {
    const u = await t.createUser('staff');
    const { secret } = await turnOnMfa(t, bearer((await t.login(u.email, u.password)).access), clock.now());
    clock.advance(STEP);
    const code = appCode(secret, clock.now());
    expect((await secondStep(t, await challengeOf(u.email, u.password), code)).statusCode).toBe(200);
    const challenge = await challengeOf(u.email, u.password);
    // More times than the pair's five attempts: none of them is a failure.
    for (let i = 0; i < 6; i++) {
      const again = await secondStep(t, challenge, code);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual({ code: 'unauthorized', message: 'This code was just used — wait for the next one.' });
    }
    clock.advance(STEP);
    expect((await secondStep(t, challenge, appCode(secret, clock.now()))).statusCode).toBe(200);
  });

  it('signing in within 30 seconds of turning it on, with the code the set-up took, is told to wait for the next code', async () => {
    const u = await t.createUser('admin');
    const { secret } = await turnOnMfa(t, bearer((await t.login(u.email, u.password)).access), clock.now());
    const challenge = await challengeOf(u.email, u.password);
    for (let i = 0; i < 3; i++) expect((await secondStep(t, challenge, appCode(secret, clock.now()))).json()).toMatchObject({ message: 'This code was just used — wait for the next one.' });
    // No failure was counted: no 'Please wait', no failed sign-in on the record.
    clock.advance(STEP);
    expect((await secondStep(t, challenge, appCode(secret, clock.now()))).statusCode).toBe(200);
    const admin = await t.as('super_admin');
    const audit = (await t.request({ method: 'GET', url: `/v1/audit?entity=user&entityId=${u.id}`, headers: admin })).json<{ results: { action: string }[] }>().results;
    expect(audit.map((e) => e.action)).not.toContain('sign-in failed');
  });

  it('accepts the code of the step before or after, not two steps off', async () => {
    const u = await t.createUser('staff');
    const { secret } = await turnOnMfa(t, bearer((await t.login(u.email, u.password)).access), clock.now());
    clock.advance(10 * STEP);
    const twoBehind = appCode(secret, new Date(clock.now().getTime() - 2 * STEP));
    const challenge = await challengeOf(u.email, u.password);
    expect((await secondStep(t, challenge, twoBehind)).statusCode).toBe(401);
    const oneBehind = appCode(secret, new Date(clock.now().getTime() - STEP));
    expect((await secondStep(t, challenge, oneBehind)).statusCode).toBe(200);
    clock.advance(STEP);
    const oneAhead = appCode(secret, new Date(clock.now().getTime() + STEP));
    expect((await secondStep(t, await challengeOf(u.email, u.password), oneAhead)).statusCode).toBe(200);
  });

  it('a recovery code signs in once, typed in any case and with or without its dash', async () => {
    const u = await t.createUser('admin');
    const headers = bearer((await t.login(u.email, u.password)).access);
    const { recoveryCodes } = await turnOnMfa(t, headers, clock.now());
    const code = recoveryCodes[3]!;
    const first = await secondStep(t, await challengeOf(u.email, u.password), code.toUpperCase().replace('-', ''));
    expect(first.statusCode).toBe(200);
    const current = bearer(first.json<{ tokens: { access: { token: string } } }>().tokens.access.token);
    const sessions = (await t.request({ method: 'GET', url: '/v1/auth/sessions', headers: current })).json<{ results: { current: boolean; method: string }[] }>().results;
    expect(sessions.find((s) => s.current)?.method).toBe('password+recovery');
    expect((await secondStep(t, await challengeOf(u.email, u.password), code)).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/v1/auth/mfa', headers })).json()).toEqual({ enabled: true, recoveryCodesLeft: 9, viaProvider: false, required: false, passwordSignIn: true, providerProof: false });
  });

  it('a challenge dies after 5 wrong codes, and lives 5 minutes', async () => {
    const u = await t.createUser('staff');
    const { secret } = await turnOnMfa(t, bearer((await t.login(u.email, u.password)).access), clock.now());
    clock.advance(STEP);
    const challenge = await challengeOf(u.email, u.password, '192.0.2.50');
    // From five clients, so that no (account, client) pair of the throttle is locked.
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await secondStep(t, challenge, '000000', `192.0.2.${51 + i}`));
    expect(replies.map((a) => a.statusCode)).toEqual([401, 401, 401, 401, 401]);
    expect(replies[4]!.json()).toEqual({ code: 'unauthorized', message: 'Too many wrong codes. This sign-in has expired. Please sign in again.' });
    const afterwards = await secondStep(t, challenge, appCode(secret, clock.now()), '192.0.2.50');
    expect(afterwards.json()).toEqual({ code: 'unauthorized', message: 'This sign-in has expired. Please sign in again.' });

    const later = await challengeOf(u.email, u.password, '192.0.2.60');
    clock.advance(5 * 60_000);
    const expired = await secondStep(t, later, appCode(secret, clock.now()), '192.0.2.60');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ code: 'unauthorized', message: 'This sign-in has expired. Please sign in again.' });
  });

  it('wrong codes count in the sign-in throttle like wrong passwords: the fifth attempt of a pair locks it', async () => {
    const u = await t.createUser('staff');
    const { secret } = await turnOnMfa(t, bearer((await t.login(u.email, u.password)).access), clock.now());
    clock.advance(STEP);
    const from = '192.0.2.70';
    const challenge = await challengeOf(u.email, u.password, from);
    for (let i = 0; i < 4; i++) expect((await secondStep(t, challenge, `12345${i}`, from)).statusCode).toBe(401);
    const locked = await secondStep(t, await challengeOf(u.email, u.password, '192.0.2.71'), appCode(secret, clock.now()), from);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 'rate_limited', message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' });
    expect((await signInWithPassword(t, u.email, u.password, from)).statusCode).toBe(429);
  });

  it('a right password does not give the attempt back while the code is still to come', async () => {
    const u = await t.createUser('staff');
    const { secret } = await turnOnMfa(t, bearer((await t.login(u.email, u.password)).access), clock.now());
    clock.advance(STEP);
    const from = '192.0.2.80';
    // Password, wrong code, password, wrong code, password: five attempts of one pair.
    expect((await secondStep(t, await challengeOf(u.email, u.password, from), '111111', from)).statusCode).toBe(401);
    expect((await secondStep(t, await challengeOf(u.email, u.password, from), '222222', from)).statusCode).toBe(401);
    const challenge = await challengeOf(u.email, u.password, from);
    expect((await secondStep(t, challenge, appCode(secret, clock.now()), from)).statusCode).toBe(429);
  });

  it('a right code gives the attempts back: the next sign-in starts afresh', async () => {
    const u = await t.createUser('staff');
    const { secret } = await turnOnMfa(t, bearer((await t.login(u.email, u.password)).access), clock.now());
    const from = '192.0.2.90';
    for (let i = 1; i <= 3; i++) {
      clock.advance(STEP);
      const challenge = await challengeOf(u.email, u.password, from);
      expect((await secondStep(t, challenge, '000000', from)).statusCode).toBe(401);
      expect((await secondStep(t, challenge, appCode(secret, clock.now()), from)).statusCode).toBe(200);
    }
  });
});

describe('turning two-step verification off', () => {
  it('needs the current password and a code; then a password alone signs in again', async () => {
    const u = await t.createUser('staff');
    const headers = bearer((await t.login(u.email, u.password)).access);
    const { secret } = await turnOnMfa(t, headers, clock.now());
    clock.advance(STEP);
    const wrongPassword = await t.request({ method: 'DELETE', url: '/v1/auth/mfa/totp', headers, payload: { password: 'not-my-password', code: appCode(secret, clock.now()) } });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ message: 'Your password or code is not correct.' });
    clock.advance(STEP);
    const off = await t.request({ method: 'DELETE', url: '/v1/auth/mfa/totp', headers, payload: { password: u.password, code: appCode(secret, clock.now()) } });
    expect(off.statusCode).toBe(204);
    expect((await signInWithPassword(t, u.email, u.password)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/v1/auth/mfa', headers })).json()).toEqual({ enabled: false, recoveryCodesLeft: 0, viaProvider: false, required: false, passwordSignIn: true, providerProof: false });
  });
});
