import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../../tests/support/test-app.ts';
import { userIdentities } from '../../../db/schema/index.ts';
import { fixedClock } from '../../../lib/clock.ts';
import { appCode, bearer, secondStep, signInWithPassword } from './mfa.test-support.ts';

const clock = fixedClock('2026-03-02T09:00:00Z');
const ISSUER = 'https://login.example.org';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { MFA_REQUIRED_ROLES: 'super_admin,admin' } });
});
afterAll(() => t.close());

/** An account linked to an identity at the provider, as a single sign-on or an administrator links it. */
async function linkedUser(role: 'admin' | 'staff') {
  const u = await t.createUser(role);
  await t.database.db.insert(userIdentities).values({ issuer: ISSUER, subject: `sub-${u.id}`, userId: u.id, createdAt: clock.now() });
  return u;
}

const tokenOf = (res: { json<T>(): T }) => bearer(res.json<{ tokens: { access: { token: string } } }>().tokens.access.token);

describe('the second factor belongs to the session: a linked account under MFA_REQUIRED_ROLES', () => {
  it('without the portal’s app, the password alone gets no session at all: it could only set up an app, the attacker’s', async () => {
    const admin = await linkedUser('admin');
    const login = await signInWithPassword(t, admin.email, admin.password);
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      code: 'forbidden',
      message: 'Your account is linked to your organisation’s single sign-on, and your role needs two-step verification. Sign in with single sign-on, then set up the authenticator app on My account to sign in with your password too.',
    });
    expect(Object.keys(login.json<object>())).not.toContain('tokens');
    // A role not on the list signs in as before.
    const staff = await linkedUser('staff');
    expect((await signInWithPassword(t, staff.email, staff.password)).statusCode).toBe(200);
  });

  it('an unlinked admin sets up the authenticator app after the password; once linked, every password sign-in asks for its code', async () => {
    const admin = await t.createUser('admin');
    const headers = tokenOf(await signInWithPassword(t, admin.email, admin.password));
    const users = await t.request({ method: 'GET', url: '/v1/users', headers });
    expect(users.statusCode).toBe(403);
    expect(users.json()).toMatchObject({ code: 'mfa_enrolment_required' });
    const setUp = await t.request({ method: 'POST', url: '/v1/auth/mfa/totp', headers, payload: { password: admin.password } });
    expect(setUp.statusCode).toBe(200);
    const { secret } = setUp.json<{ secret: string }>();
    expect((await t.request({ method: 'POST', url: '/v1/auth/mfa/totp/confirm', headers, payload: { code: appCode(secret, clock.now()) } })).statusCode).toBe(200);
    // The session that proved the code goes on.
    expect((await t.request({ method: 'GET', url: '/v1/users', headers })).statusCode).toBe(200);
    await t.database.db.insert(userIdentities).values({ issuer: ISSUER, subject: `sub-${admin.id}`, userId: admin.id, createdAt: clock.now() });

    clock.advance(30_000);
    const again = await signInWithPassword(t, admin.email, admin.password);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'mfa_required' });
    const done = await secondStep(t, again.json<{ challenge: string }>().challenge, appCode(secret, clock.now()));
    expect(done.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/v1/users', headers: tokenOf(done) })).statusCode).toBe(200);
  });
});
