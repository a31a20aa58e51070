import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, type ProviderCookies, signInAtProvider, signOutAtProvider, startTestProvider } from '../../../../../tests/support/oidc-provider.ts';
import { type TestApp, bearer, createTestApp } from '../../../../../tests/support/test-app.ts';
import { ssoCodes, systemLogs } from '../../../db/schema/index.ts';
import { PORTAL, PortalBrowser, REDIRECT, type RoundTrip, exchange, ssoSignIn, throughProvider as roundTrip } from './oidc.test-support.ts';

let provider: Awaited<ReturnType<typeof startTestProvider>>;
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  provider = await startTestProvider(REDIRECT, {
    ada: { email: 'ada@example.com', email_verified: true, name: 'Ada Provider', groups: ['qp-staff'] },
    bob: { email: 'bob@example.com', email_verified: true, name: 'Bob Nobody', groups: ['qp-staff'] },
    una: { email: 'una@example.com', email_verified: false, name: 'Una Verified' },
    ria: { email: 'ria@example.com', email_verified: true, name: 'Ria Restricted', groups: ['qp-staff'] },
    nor: { email: 'nor@example.com', email_verified: true, name: 'Nor Role', groups: ['other'] },
    pam: { email: 'pam@example.com', email_verified: true, name: 'Pam Provider', groups: ['qp-staff'] },
    new: { email: 'new@example.com', email_verified: true, name: 'Nina New', groups: ['qp-admins'] },
    out: { email: 'out@example.com', email_verified: true, name: 'Otto Out', groups: ['qp-staff'] },
  }, { postLogoutRedirectUri: `${PORTAL}/auth/login` });
  t = await createTestApp({
    env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret, OIDC_ROLE_CLAIM: 'groups', OIDC_ROLE_MAP: 'qp-staff=staff,qp-admins=admin' },
  });
  admin = await t.as('super_admin');
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** An account linked by an administrator to the provider identity `login` (the test provider's subject is the login). */
async function linked(role: 'member' | 'staff', login: string, fields: { email: string; isRestricted?: boolean }) {
  const u = await t.createUser(role, fields);
  const res = await t.request({ method: 'PUT', url: `/v1/users/${u.id}/identity`, headers: admin, payload: { subject: login } });
  expect(res.statusCode, res.body).toBe(204);
  return u;
}

const throughProvider = (login: string, opts: RoundTrip = {}) => roundTrip(t, login, opts);

describe('single sign-on against a real OpenID provider', () => {
  it('signs a linked account in: the exchange replies as a password sign-in replies, once', async () => {
    await linked('member', 'ada', { email: 'ada@example.com' });
    const browser = new PortalBrowser();
    const page = await throughProvider('ada', { browser });
    const res = await exchange(t, page, browser);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ user: { email: string; role: string }; tokens: { access: { token: string } } }>();
    expect(Object.keys(body).sort()).toEqual(['tokens', 'user']);
    // The role comes from the provider's groups claim.
    expect(body.user).toMatchObject({ email: 'ada@example.com', role: 'staff' });
    const sessions = (await t.request({ method: 'GET', url: '/v1/auth/sessions', headers: bearer(body.tokens.access.token) })).json<{ results: { current: boolean; method: string }[] }>().results;
    expect(sessions.find((s) => s.current)?.method).toBe('sso');
    const again = await exchange(t, page, browser);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: 'That sign-in took too long. Please try again.' });
  });

  it('refuses with a sentence: no account, unverified e-mail, restricted, no role, cancelled, expired', async () => {
    const expectSentence = async (login: string, message: string, opts: RoundTrip = {}) => expect((await ssoSignIn(t, login, opts)).json()).toMatchObject({ message });
    await expectSentence('bob', 'There is no Quality Portal account for bob@example.com. Ask an administrator to add you.');
    await t.createUser('staff', { email: 'una@example.com' });
    await expectSentence('una', 'There is no Quality Portal account for una@example.com. Ask an administrator to add you.');
    await linked('staff', 'ria', { email: 'ria@example.com', isRestricted: true });
    await expectSentence('ria', 'Your account is restricted. Contact an administrator.');
    await linked('staff', 'nor', { email: 'nor@example.com' });
    await expectSentence('nor', 'Your organisation account has no Quality Portal role. Ask an administrator.');
    await expectSentence('ada', 'Single sign-on was cancelled.', { cancel: true });
    // The provider's reply without the flow's cookie (another browser, or after 10 minutes).
    const start = await t.request({ method: 'GET', url: '/v1/auth/oidc/start' });
    const back = await signInAtProvider(String(start.headers.location), 'ada');
    const browser = new PortalBrowser();
    const callback = await t.request({ method: 'GET', url: `${back.pathname}${back.search}` });
    browser.take(callback);
    expect((await exchange(t, new URL(String(callback.headers.location), PORTAL), browser)).json()).toMatchObject({ message: 'That sign-in took too long. Please try again.' });
    // Each of them is on the system log, the people without an account too.
    const lines = (await t.database.db.select().from(systemLogs)).map((r) => r.description);
    expect(lines.some((l) => /Single sign-on from .* did not sign in: no account for bob@example.com/.test(l))).toBe(true);
    expect(lines.some((l) => /Single sign-on from .* did not sign in: cancelled at the provider/.test(l))).toBe(true);
    expect(lines.some((l) => /Single sign-on from .* did not sign in: the flow had expired/.test(l))).toBe(true);
  });

  it('roles from the provider: shown as managed there, a change through the API is refused with 409; the app still guards its password', async () => {
    const pam = await t.createUser('member', { email: 'pam@example.com' });
    const other = await t.createUser('member');
    const signIn = async (id: string) => (await t.request({ method: 'GET', url: `/v1/users/${id}/sign-in`, headers: admin })).json();
    // Not yet linked: the portal still manages the role.
    expect(await signIn(pam.id)).toEqual({ singleSignOn: false, subject: null, roleFromProvider: false, twoStepOn: false });
    expect((await t.request({ method: 'PUT', url: `/v1/users/${pam.id}/identity`, headers: admin, payload: { subject: 'pam' } })).statusCode).toBe(204);
    const body = (await ssoSignIn(t, 'pam')).json<{ tokens: { access: { token: string } } }>();
    expect(await signIn(pam.id)).toEqual({ singleSignOn: true, subject: 'pam', roleFromProvider: true, twoStepOn: false });
    // The sign-in set the role from the provider's groups, audited.
    const audit = (await t.request({ method: 'GET', url: `/v1/audit?entity=user&entityId=${pam.id}`, headers: admin })).json<{ results: { action: string; changes: unknown[] }[] }>().results;
    expect(audit.find((e) => e.action === 'role from identity provider')?.changes).toEqual([{ field: 'role', before: 'member', after: 'staff' }]);
    const change = await t.request({ method: 'PATCH', url: `/v1/users/${pam.id}`, headers: admin, payload: { role: 'admin' } });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({ message: "This user's role comes from your organisation's sign-in service. Change it there." });
    // Other fields still change here, and so do the roles of accounts that do not sign in there.
    expect((await t.request({ method: 'PATCH', url: `/v1/users/${pam.id}`, headers: admin, payload: { name: 'Pam Renamed' } })).statusCode).toBe(200);
    expect((await t.request({ method: 'PATCH', url: `/v1/users/${other.id}`, headers: admin, payload: { role: 'staff' } })).statusCode).toBe(200);
    // The provider keeps the second factor of its sign-ins; the portal's own app guards the account's password sign-ins.
    const own = bearer(body.tokens.access.token);
    expect((await t.request({ method: 'GET', url: '/v1/auth/mfa', headers: own })).json()).toMatchObject({ enabled: false, viaProvider: true, passwordSignIn: true, providerProof: true });
    expect((await t.request({ method: 'POST', url: '/v1/auth/mfa/totp', headers: own, payload: {} })).statusCode).toBe(200);
    // A super_admin's role never comes from the provider.
    const superAdmin = (await t.request({ method: 'GET', url: '/v1/users?limit=100', headers: admin })).json<{ results: { id: string; role: string }[] }>().results.find((u) => u.role === 'super_admin')!;
    expect(await signIn(superAdmin.id)).toMatchObject({ roleFromProvider: false });
  });

  it('signing out of a single sign-on session signs out at the provider too, which sends the browser back to the sign-in page', async () => {
    await linked('staff', 'out', { email: 'out@example.com' });
    const cookies: ProviderCookies = new Map();
    const loginPages = { count: 0 };
    expect((await ssoSignIn(t, 'out', { cookies, loginPages })).statusCode).toBe(200);
    // Still signed in at the provider: a second sign-in there asks for nothing.
    expect((await ssoSignIn(t, 'out', { cookies, loginPages })).statusCode).toBe(200);
    expect(loginPages.count).toBe(1);

    const out = await t.request({ method: 'GET', url: '/v1/auth/oidc/logout' });
    expect(out.statusCode).toBe(302);
    const endSession = new URL(String(out.headers.location));
    expect(endSession.origin).toBe(provider.issuer);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${PORTAL}/auth/login`);
    const back = await signOutAtProvider(endSession.href, cookies);
    expect(back.href).toBe(`${PORTAL}/auth/login`);
    // The provider's session ended: the next sign-in there asks for the login again.
    expect((await ssoSignIn(t, 'out', { cookies, loginPages })).statusCode).toBe(200);
    expect(loginPages.count).toBe(2);
  });

  it('an account created by a provider sign-in has no password: password sign-in replies as for a wrong password; two first sign-ins at once make one account', async () => {
    const provisioning = await createTestApp({
      env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret, OIDC_ROLE_CLAIM: 'groups', OIDC_ROLE_MAP: 'qp-staff=staff,qp-admins=admin', OIDC_PROVISION: 'on' },
    });
    try {
      // Both browsers at the provider first, then both callbacks at once.
      const browsers = [new PortalBrowser(), new PortalBrowser()];
      const backs = await Promise.all(
        browsers.map(async (browser) => {
          const start = await provisioning.request({ method: 'GET', url: '/v1/auth/oidc/start' });
          browser.take(start);
          return signInAtProvider(String(start.headers.location), 'new');
        }),
      );
      const callbacks = await Promise.all(backs.map((back, i) => provisioning.request({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie: browsers[i]!.header } })));
      const replies = await Promise.all(
        callbacks.map((callback, i) => {
          browsers[i]!.take(callback);
          return exchange(provisioning, new URL(String(callback.headers.location), PORTAL), browsers[i]!);
        }),
      );
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
      const users = replies.map((r) => r.json<{ user: { id: string; email: string; name: string; role: string } }>().user);
      expect(users[0]).toMatchObject({ email: 'new@example.com', name: 'Nina New', role: 'admin' });
      expect(users[1]!.id).toBe(users[0]!.id);
      for (const password of ['anything at all', 'Passw0rd!']) {
        const login = await provisioning.request({ method: 'POST', url: '/v1/auth/login', payload: { email: 'new@example.com', password } });
        expect(login.statusCode).toBe(401);
        expect(login.json()).toMatchObject({ message: 'Incorrect email or password.' });
      }
    } finally {
      await provisioning.close();
    }
  });

  it('an anonymous start or callback is counted per client like a sign-in: past LOGIN_RATE_LIMIT a minute, 429; a start writes no row', async () => {
    const limited = await createTestApp({ env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret, LOGIN_RATE_LIMIT: '3' } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await limited.request({ method: 'GET', url: '/v1/auth/oidc/start' })).statusCode);
      statuses.push((await limited.request({ method: 'GET', url: '/v1/auth/oidc/callback?code=x&state=y' })).statusCode);
      const refused = await limited.request({ method: 'GET', url: '/v1/auth/oidc/start' });
      expect(statuses).toEqual([302, 302, 302, 429]);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await limited.database.db.select().from(ssoCodes)).length).toBe(0);
    } finally {
      await limited.close();
    }
  });

  it('a provider that cannot be reached sends the browser back with a sentence, and writes nothing', async () => {
    const down = await createTestApp({ env: { OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret } });
    try {
      const start = await down.request({ method: 'GET', url: '/v1/auth/oidc/start' });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe('/auth/login?sso_error=unreachable');
      // Signing out still comes back to the sign-in page.
      const out = await down.request({ method: 'GET', url: '/v1/auth/oidc/logout' });
      expect(out.statusCode).toBe(302);
      expect(out.headers.location).toBe('/auth/login');
    } finally {
      await down.close();
    }
  });
});
