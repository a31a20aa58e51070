import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type TestApp, createTestApp } from '../../../../../tests/support/test-app.ts';
import { fixedClock } from '../../../lib/clock.ts';
import { bearer, signInWithPassword, turnOnMfa } from './mfa.test-support.ts';

const clock = fixedClock('2026-03-02T09:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { MFA_REQUIRED_ROLES: 'super_admin,admin' } });
});
afterAll(() => t.close());

/** A user of the role with two-step verification on; returns them and their headers. */
async function withMfa(role: 'admin' | 'staff' | 'member') {
  const u = await t.createUser(role);
  const login = await signInWithPassword(t, u.email, u.password);
  const headers = bearer(login.json<{ tokens: { access: { token: string } } }>().tokens.access.token);
  await turnOnMfa(t, headers, clock.now());
  return { ...u, headers };
}

describe('a role that needs two-step verification (MFA_REQUIRED_ROLES)', () => {
  it('after the password, only the set-up replies; every other call is 403 mfa_enrolment_required until it is on', async () => {
    const admin = await t.createUser('admin');
    const login = await signInWithPassword(t, admin.email, admin.password);
    expect(login.statusCode).toBe(200);
    const headers = bearer(login.json<{ tokens: { access: { token: string } } }>().tokens.access.token);
    const users = await t.request({ method: 'GET', url: '/v1/users', headers });
    expect(users.statusCode).toBe(403);
    expect(users.json()).toEqual({ code: 'mfa_enrolment_required', message: 'Your role needs two-step verification. Set it up to continue.' });
    expect((await t.request({ method: 'GET', url: '/v1/dashboard', headers })).json()).toMatchObject({ code: 'mfa_enrolment_required' });
    expect((await t.request({ method: 'GET', url: '/v1/auth/profile', headers })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/v1/auth/mfa', headers })).json()).toEqual({ enabled: false, recoveryCodesLeft: 0, viaProvider: false, required: true, passwordSignIn: true, providerProof: false });

    await turnOnMfa(t, headers, clock.now());
    expect((await t.request({ method: 'GET', url: '/v1/users', headers })).statusCode).toBe(200);
  });

  it('roles not on the list go on as before', async () => {
    const staff = await t.createUser('staff');
    const headers = bearer((await t.login(staff.email, staff.password)).access);
    expect((await t.request({ method: 'GET', url: '/v1/dashboard', headers })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/v1/auth/mfa', headers })).json()).toMatchObject({ required: false });
  });
});

describe("resetting someone's two-step verification", () => {
  it('an admin resets staff and members (audited), not another admin, a super_admin or themselves', async () => {
    const admin = await withMfa('admin');
    const staff = await withMfa('staff');
    const otherAdmin = await withMfa('admin');
    const signIn = (id: string) => t.request({ method: 'GET', url: `/v1/users/${id}/sign-in`, headers: admin.headers });
    expect((await signIn(staff.id)).json()).toEqual({ singleSignOn: false, subject: null, roleFromProvider: false, twoStepOn: true });

    const reset = await t.request({ method: 'DELETE', url: `/v1/users/${staff.id}/mfa`, headers: admin.headers });
    expect(reset.statusCode).toBe(204);
    expect((await signIn(staff.id)).json()).toMatchObject({ twoStepOn: false });
    // The password alone signs them in again.
    expect((await signInWithPassword(t, staff.email, staff.password)).statusCode).toBe(200);
    const audit = await t.request({ method: 'GET', url: `/v1/audit?entity=user&entityId=${staff.id}`, headers: admin.headers });
    expect(JSON.stringify(audit.json())).toContain('two-step verification reset');
    // Again: nothing to reset, nothing changes.
    expect((await t.request({ method: 'DELETE', url: `/v1/users/${staff.id}/mfa`, headers: admin.headers })).statusCode).toBe(204);

    const peer = await t.request({ method: 'DELETE', url: `/v1/users/${otherAdmin.id}/mfa`, headers: admin.headers });
    expect(peer.statusCode).toBe(403);
    expect(peer.json()).toMatchObject({ message: "Only a super_admin can reset another admin's two-step verification." });
    expect((await t.request({ method: 'DELETE', url: `/v1/users/${admin.id}/mfa`, headers: admin.headers })).json()).toMatchObject({ message: 'Turn your own two-step verification off on My account.' });
  });

  it('a super_admin resets admins', async () => {
    const admin = await withMfa('admin');
    const superAdmin = await t.as('super_admin');
    await turnOnMfa(t, superAdmin, clock.now(), ADMIN.password);
    expect((await t.request({ method: 'DELETE', url: `/v1/users/${admin.id}/mfa`, headers: superAdmin })).statusCode).toBe(204);
    expect((await signInWithPassword(t, admin.email, admin.password)).statusCode).toBe(200);
  });
});
