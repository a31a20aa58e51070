import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, startTestProvider } from '../../../../../tests/support/oidc-provider.ts';
import { type TestApp, bearer, createTestApp } from '../../../../../tests/support/test-app.ts';
import { appCode, secondStep, signInWithPassword, turnOnMfa } from '../mfa/mfa.test-support.ts';
import { PortalBrowser, exchange, fromMyAccount, ssoSignIn, throughProvider, REDIRECT } from './oidc.test-support.ts';

let provider: Awaited<ReturnType<typeof startTestProvider>>;
let t: TestApp;
const env = () => ({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret, MFA_REQUIRED_ROLES: 'super_admin,admin' });

beforeAll(async () => {
  provider = await startTestProvider(REDIRECT, {
    rita: { email: 'rita@example.com', email_verified: true, amr: ['pwd', 'otp'] },
    sam: { email: 'sam@example.com', email_verified: true, amr: ['pwd'] },
    eve: { email: 'eve@example.com', email_verified: true },
    una: { email: 'una@example.com', email_verified: true },
    vera: { email: 'vera@example.com', email_verified: true, amr: ['pwd', 'otp'] },
  });
  t = await createTestApp({ env: env() });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const tokenOf = (res: { json<T>(): T }) => bearer(res.json<{ tokens: { access: { token: string } } }>().tokens.access.token);

/** A super_admin's session that has set up its authenticator app (MFA_REQUIRED_ROLES holds up any other). */
async function superAdminOf(app: TestApp): Promise<Record<string, string>> {
  const u = await app.createUser('super_admin');
  const headers = tokenOf(await signInWithPassword(app, u.email, u.password));
  await turnOnMfa(app, headers, new Date());
  return headers;
}

describe('Link single sign-on from My account', () => {
  it('needs the current password, goes through the provider, and is recorded; the identity then signs the account in', async () => {
    const sam = await t.createUser('staff', { email: 'sam@example.com' });
    const headers = bearer((await t.login(sam.email, sam.password)).access);
    const noPassword = await fromMyAccount(t, headers, 'link', 'sam');
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ details: { password: 'Enter your current password.' } });
    expect((await fromMyAccount(t, headers, 'link', 'sam', { password: 'not my password' })).json()).toMatchObject({ details: { password: 'Your password is not correct.' } });
    const linked = await fromMyAccount(t, headers, 'link', 'sam', { password: sam.password });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toEqual({ outcome: 'linked' });
    const admin = await superAdminOf(t);
    expect((await t.request({ method: 'GET', url: `/v1/users/${sam.id}/sign-in`, headers: admin })).json()).toMatchObject({ singleSignOn: true, subject: 'sam' });
    const audit = (await t.request({ method: 'GET', url: `/v1/audit?entity=user&entityId=${sam.id}`, headers: admin })).json<{ results: { action: string; actor: { id: string } | null }[] }>().results;
    expect(audit.find((e) => e.action === 'link single sign-on')?.actor?.id).toBe(sam.id);
    expect((await ssoSignIn(t, 'sam')).json()).toMatchObject({ user: { id: sam.id } });
  });

  it('refuses an identity linked to someone else, and a code traded in another browser or by another session', async () => {
    const eve = await t.createUser('staff', { email: 'eve@example.com' });
    const mallory = await t.createUser('staff');
    const eveHeaders = bearer((await t.login(eve.email, eve.password)).access);
    expect((await fromMyAccount(t, eveHeaders, 'link', 'eve', { password: eve.password })).json()).toEqual({ outcome: 'linked' });
    const malloryHeaders = bearer((await t.login(mallory.email, mallory.password)).access);
    const taken = await fromMyAccount(t, malloryHeaders, 'link', 'eve', { password: mallory.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'That organisation account is already linked to another Quality Portal account.' });

    // A sign-in code the attacker got from their own round trip, sent to a victim's browser (login CSRF): refused there.
    const attackers = new PortalBrowser();
    const page = await throughProvider(t, 'eve', { browser: attackers });
    const victims = new PortalBrowser();
    const csrf = await exchange(t, page, victims);
    expect(csrf.statusCode).toBe(401);
    expect(csrf.json()).toMatchObject({ message: 'This sign-in was started in another browser. Please sign in again here.' });
    // And the code is spent: the attacker cannot use it afterwards either.
    expect((await exchange(t, page, attackers)).statusCode).toBe(401);
  });

  it('a session under MFA_REQUIRED_ROLES that has not given the code cannot link (it could skip the code through the provider)', async () => {
    const una = await t.createUser('admin', { email: 'una@example.com' });
    const headers = tokenOf(await signInWithPassword(t, una.email, una.password));
    const res = await fromMyAccount(t, headers, 'link', 'una', { password: una.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'mfa_enrolment_required' });
  });
});

describe('a linked admin under MFA_REQUIRED_ROLES, from outside', () => {
  it('cannot get a session with the password alone; the provider sign-in and password + code both can', async () => {
    const rita = await t.createUser('admin', { email: 'rita@example.com' });
    const first = tokenOf(await signInWithPassword(t, rita.email, rita.password));
    const { secret } = await turnOnMfa(t, first, new Date());
    expect((await fromMyAccount(t, first, 'link', 'rita', { password: rita.password })).json()).toEqual({ outcome: 'linked' });

    const password = await signInWithPassword(t, rita.email, rita.password);
    expect(password.statusCode).toBe(403);
    expect(password.json()).toMatchObject({ code: 'mfa_required' });
    expect(Object.keys(password.json<object>())).not.toContain('tokens');
    const viaProvider = await ssoSignIn(t, 'rita');
    expect(viaProvider.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/v1/users', headers: tokenOf(viaProvider) })).statusCode).toBe(200);
    const withCode = await secondStep(t, password.json<{ challenge: string }>().challenge, appCode(secret, new Date(Date.now() + 30_000)));
    expect(withCode.statusCode).toBe(200);
  });

  it('PASSWORD_LOGIN=linked: a linked account cannot sign in with its password at all; an unlinked one still can', async () => {
    const only = await createTestApp({ env: { ...env(), PASSWORD_LOGIN: 'linked', MFA_REQUIRED_ROLES: '' } });
    try {
      const sam = await only.createUser('staff', { email: 'sam@example.com' });
      const headers = bearer((await only.login(sam.email, sam.password)).access);
      expect((await fromMyAccount(only, headers, 'link', 'sam', { password: sam.password })).json()).toEqual({ outcome: 'linked' });
      const refused = await signInWithPassword(only, sam.email, sam.password);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: 'Your account signs in through your organisation’s single sign-on. Use the single sign-on button.' });
      const other = await only.createUser('staff');
      expect((await signInWithPassword(only, other.email, other.password)).statusCode).toBe(200);
    } finally {
      await only.close();
    }
  });
});

describe('OIDC_REQUIRE_MFA=on', () => {
  it('counts a provider sign-in only when its amr says a second factor was used', async () => {
    const strict = await createTestApp({ env: { ...env(), OIDC_REQUIRE_MFA: 'on', MFA_REQUIRED_ROLES: '' } });
    try {
      const admin = await strict.as('super_admin');
      for (const [login, email] of [['rita', 'rita@example.com'], ['sam', 'sam@example.com']] as const) {
        const u = await strict.createUser('staff', { email });
        expect((await strict.request({ method: 'PUT', url: `/v1/users/${u.id}/identity`, headers: admin, payload: { subject: login } })).statusCode).toBe(204);
      }
      expect((await ssoSignIn(strict, 'rita')).statusCode).toBe(200);
      const sam = await ssoSignIn(strict, 'sam');
      expect(sam.statusCode).toBe(401);
      expect(sam.json()).toMatchObject({ message: 'Your organisation’s sign-in did not use a second factor, which the Quality Portal requires. Sign in there with your second factor and try again.' });
    } finally {
      await strict.close();
    }
  });
});

describe('a fresh provider sign-in stands in for the password for 5 minutes', () => {
  it('confirms the session at the provider, for the identity linked to it only', async () => {
    const eve = await t.createUser('staff');
    const headers = bearer((await t.login(eve.email, eve.password)).access);
    expect((await t.request({ method: 'POST', url: '/v1/auth/oidc/confirm', headers })).json()).toMatchObject({ message: 'Your account is not linked to single sign-on.' });
    expect((await fromMyAccount(t, headers, 'link', 'una', { password: eve.password })).json()).toEqual({ outcome: 'linked' });
    expect((await t.request({ method: 'GET', url: '/v1/auth/mfa', headers })).json()).toMatchObject({ providerProof: true });
    // Someone else's identity at the provider confirms nothing.
    const wrong = await fromMyAccount(t, headers, 'confirm', 'sam');
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ message: 'That organisation account is not the one linked to your Quality Portal account.' });
    expect((await fromMyAccount(t, headers, 'confirm', 'una')).json()).toEqual({ outcome: 'confirmed' });
    expect((await t.request({ method: 'POST', url: '/v1/auth/mfa/totp', headers, payload: {} })).statusCode).toBe(200);
  });
});

describe('a linked admin under MFA_REQUIRED_ROLES who never set up the portal’s app, from outside', () => {
  it('the password alone gets no session (it would enrol the attacker’s app); the provider’s sign-in sets the app up, then password and code sign in', async () => {
    const vera = await t.createUser('admin', { email: 'vera@example.com' });
    const linked = await t.request({ method: 'PUT', url: `/v1/users/${vera.id}/identity`, headers: await superAdminOf(t), payload: { subject: 'vera' } });
    expect(linked.statusCode).toBe(204);

    const password = await signInWithPassword(t, vera.email, vera.password);
    expect(password.statusCode).toBe(403);
    expect(password.json<{ message: string }>().message).toMatch(/^Your account is linked to your organisation’s single sign-on, and your role needs two-step verification\./);
    expect(Object.keys(password.json<object>())).not.toContain('tokens');

    // Through the provider: a session, and a provider sign-in fresh enough to stand in for the password.
    const headers = tokenOf(await ssoSignIn(t, 'vera'));
    const status = await t.request({ method: 'GET', url: '/v1/auth/mfa', headers });
    expect(status.json()).toMatchObject({ enabled: false, viaProvider: true, passwordSignIn: true, providerProof: true });
    const setUp = await t.request({ method: 'POST', url: '/v1/auth/mfa/totp', headers, payload: {} });
    expect(setUp.statusCode, setUp.body).toBe(200);
    const { secret } = setUp.json<{ secret: string }>();
    expect((await t.request({ method: 'POST', url: '/v1/auth/mfa/totp/confirm', headers, payload: { code: appCode(secret, new Date()) } })).statusCode).toBe(200);

    const again = await signInWithPassword(t, vera.email, vera.password);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'mfa_required' });
    const withCode = await secondStep(t, again.json<{ challenge: string }>().challenge, appCode(secret, new Date(Date.now() + 30_000)));
    expect(withCode.statusCode).toBe(200);
  });
});

describe('an administrator links by the identity’s subject', () => {
  it('follows the peer rule, refuses a subject linked elsewhere, and unlinks', async () => {
    const staff = await t.createUser('staff');
    const other = await t.createUser('admin');
    const adminUser = await t.createUser('admin');
    const adminHeaders = tokenOf(await signInWithPassword(t, adminUser.email, adminUser.password));
    await turnOnMfa(t, adminHeaders, new Date());
    const put = (headers: Record<string, string>, id: string, subject: string) => t.request({ method: 'PUT', url: `/v1/users/${id}/identity`, headers, payload: { subject } });
    expect((await put(adminHeaders, staff.id, 'staff-subject')).statusCode).toBe(204);
    expect((await put(adminHeaders, other.id, 'other-subject')).json()).toMatchObject({ message: "Only a super_admin can change another admin's single sign-on." });
    const superAdmin = await superAdminOf(t);
    expect((await put(superAdmin, other.id, 'staff-subject')).json()).toMatchObject({ message: 'That identity is already linked to another account.' });
    expect((await put(superAdmin, other.id, 'other-subject')).statusCode).toBe(204);
    const superAdminId = (await t.request({ method: 'GET', url: '/v1/auth/profile', headers: superAdmin })).json<{ user: { id: string } }>().user.id;
    expect((await put(adminHeaders, superAdminId, 'x')).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/v1/users/${staff.id}/identity`, headers: adminHeaders })).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `/v1/users/${staff.id}/sign-in`, headers: adminHeaders })).json()).toMatchObject({ singleSignOn: false, subject: null });
  });
});
