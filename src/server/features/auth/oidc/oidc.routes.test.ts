import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, type ProviderCookies, signInAtProvider, signOutAtProvider, startTestProvider } from '../../../../../tests/support/oidc-provider.ts';
import { type TestApp, bearer, createTestApp } from '../../../../../tests/support/test-app.ts';

const REDIRECT = 'http://127.0.0.1:3000/v1/auth/oidc/callback';
let provider: Awaited<ReturnType<typeof startTestProvider>>;
let t: TestApp;

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
  }, { postLogoutRedirectUri: 'http://127.0.0.1:3000/auth/login' });
  t = await createTestApp({
    env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret, OIDC_ROLE_CLAIM: 'groups', OIDC_ROLE_MAP: 'qp-staff=staff,qp-admins=admin' },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** The browser's round trip: start, the provider's pages, the callback; answers the sign-in page address. */
async function throughProvider(login: string, opts: { cancel?: boolean; cookies?: ProviderCookies; loginPages?: { count: number } } = {}): Promise<URL> {
  const start = await t.request({ method: 'GET', url: '/v1/auth/oidc/start' });
  expect(start.statusCode).toBe(302);
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  expect(String(start.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
  const back = await signInAtProvider(String(start.headers.location), login, opts);
  expect(back.pathname).toBe('/v1/auth/oidc/callback');
  const callback = await t.request({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
  expect(callback.statusCode).toBe(302);
  return new URL(String(callback.headers.location), 'http://127.0.0.1:3000');
}

async function exchange(page: URL) {
  expect(page.pathname).toBe('/auth/login');
  return t.request({ method: 'POST', url: '/v1/auth/oidc/exchange', payload: { code: page.searchParams.get('sso') } });
}

describe('single sign-on against a real OpenID provider', () => {
  it('signs an existing account in: the exchange answers what a password sign-in answers, once', async () => {
    await t.createUser('member', { email: 'ada@example.com', name: 'Ada Portal' });
    const page = await throughProvider('ada');
    const res = await exchange(page);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ user: { email: string; role: string }; tokens: { access: { token: string } } }>();
    expect(Object.keys(body).sort()).toEqual(['tokens', 'user']);
    // The role comes from the provider's groups claim.
    expect(body.user).toMatchObject({ email: 'ada@example.com', role: 'staff' });
    const sessions = (await t.request({ method: 'GET', url: '/v1/auth/sessions', headers: bearer(body.tokens.access.token) })).json<{ results: { current: boolean; method: string }[] }>().results;
    expect(sessions.find((s) => s.current)?.method).toBe('sso');
    const again = await exchange(page);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ message: 'That sign-in took too long. Please try again.' });
  });

  it('refuses with a sentence: no account, unverified e-mail, restricted, no role, cancelled, expired', async () => {
    const expectSentence = async (page: URL, message: string) => expect((await exchange(page)).json()).toMatchObject({ message });
    await expectSentence(await throughProvider('bob'), 'There is no Quality Portal account for bob@example.com. Ask an administrator to add you.');
    await t.createUser('staff', { email: 'una@example.com' });
    await expectSentence(await throughProvider('una'), 'There is no Quality Portal account for una@example.com. Ask an administrator to add you.');
    await t.createUser('staff', { email: 'ria@example.com', isRestricted: true });
    await expectSentence(await throughProvider('ria'), 'Your account is restricted. Contact an administrator.');
    await t.createUser('staff', { email: 'nor@example.com' });
    await expectSentence(await throughProvider('nor'), 'Your organisation account has no Quality Portal role. Ask an administrator.');
    await expectSentence(await throughProvider('ada', { cancel: true }), 'Single sign-on was cancelled.');
    // The provider's answer without the flow's cookie (another browser, or after 10 minutes).
    const start = await t.request({ method: 'GET', url: '/v1/auth/oidc/start' });
    const back = await signInAtProvider(String(start.headers.location), 'ada');
    const callback = await t.request({ method: 'GET', url: `${back.pathname}${back.search}` });
    await expectSentence(new URL(String(callback.headers.location), 'http://127.0.0.1:3000'), 'That sign-in took too long. Please try again.');
  });

  it('roles from the provider: shown as managed there, a change through the API answers 409; no second factor set up here', async () => {
    const pam = await t.createUser('member', { email: 'pam@example.com' });
    const admin = await t.as('super_admin');
    const other = await t.createUser('member');
    const signIn = async (id: string) => (await t.request({ method: 'GET', url: `/v1/users/${id}/sign-in`, headers: admin })).json();
    // Not yet signed in through the provider: the portal still manages the role.
    expect(await signIn(pam.id)).toEqual({ singleSignOn: false, roleFromProvider: false, twoStepOn: false });
    const body = (await exchange(await throughProvider('pam'))).json<{ tokens: { access: { token: string } } }>();
    expect(await signIn(pam.id)).toEqual({ singleSignOn: true, roleFromProvider: true, twoStepOn: false });
    // The sign-in set the role from the provider's groups, audited.
    const audit = (await t.request({ method: 'GET', url: `/v1/audit?entity=user&entityId=${pam.id}`, headers: admin })).json<{ results: { action: string; changes: unknown[] }[] }>().results;
    expect(audit.find((e) => e.action === 'role from identity provider')?.changes).toEqual([{ field: 'role', before: 'member', after: 'staff' }]);
    const change = await t.request({ method: 'PATCH', url: `/v1/users/${pam.id}`, headers: admin, payload: { role: 'admin' } });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({ message: "This user's role comes from your organisation's sign-in service. Change it there." });
    // Other fields still change here, and so do the roles of accounts that do not sign in there.
    expect((await t.request({ method: 'PATCH', url: `/v1/users/${pam.id}`, headers: admin, payload: { name: 'Pam Renamed' } })).statusCode).toBe(200);
    expect((await t.request({ method: 'PATCH', url: `/v1/users/${other.id}`, headers: admin, payload: { role: 'staff' } })).statusCode).toBe(200);
    // The provider keeps the second factor of the accounts signing in there.
    const own = bearer(body.tokens.access.token);
    expect((await t.request({ method: 'GET', url: '/v1/auth/mfa', headers: own })).json()).toMatchObject({ enabled: false, viaProvider: true });
    expect((await t.request({ method: 'POST', url: '/v1/auth/mfa/totp', headers: own })).statusCode).toBe(409);
    // A super_admin's role never comes from the provider.
    const superAdmin = (await t.request({ method: 'GET', url: '/v1/users?limit=100', headers: admin })).json<{ results: { id: string; role: string }[] }>().results.find((u) => u.role === 'super_admin')!;
    expect(await signIn(superAdmin.id)).toMatchObject({ roleFromProvider: false });
  });

  it('signing out of a single sign-on session signs out at the provider too, which sends the browser back to the sign-in page', async () => {
    await t.createUser('staff', { email: 'out@example.com' });
    const cookies: ProviderCookies = new Map();
    const loginPages = { count: 0 };
    expect((await exchange(await throughProvider('out', { cookies, loginPages }))).statusCode).toBe(200);
    // Still signed in at the provider: a second sign-in there asks for nothing.
    expect((await exchange(await throughProvider('out', { cookies, loginPages }))).statusCode).toBe(200);
    expect(loginPages.count).toBe(1);

    const out = await t.request({ method: 'GET', url: '/v1/auth/oidc/logout' });
    expect(out.statusCode).toBe(302);
    const endSession = new URL(String(out.headers.location));
    expect(endSession.origin).toBe(provider.issuer);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe('http://127.0.0.1:3000/auth/login');
    const back = await signOutAtProvider(endSession.href, cookies);
    expect(back.href).toBe('http://127.0.0.1:3000/auth/login');
    // The provider's session ended: the next sign-in there asks for the login again.
    expect((await exchange(await throughProvider('out', { cookies, loginPages }))).statusCode).toBe(200);
    expect(loginPages.count).toBe(2);
  });

  it('an account created by a provider sign-in has no password: password sign-in answers as for a wrong password', async () => {
    const provisioning = await createTestApp({
      env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret, OIDC_ROLE_CLAIM: 'groups', OIDC_ROLE_MAP: 'qp-staff=staff,qp-admins=admin', OIDC_PROVISION: 'on' },
    });
    try {
      const start = await provisioning.request({ method: 'GET', url: '/v1/auth/oidc/start' });
      const cookie = String(start.headers['set-cookie']).split(';')[0]!;
      const back = await signInAtProvider(String(start.headers.location), 'new');
      const callback = await provisioning.request({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
      const code = new URL(String(callback.headers.location), 'http://127.0.0.1:3000').searchParams.get('sso');
      const res = await provisioning.request({ method: 'POST', url: '/v1/auth/oidc/exchange', payload: { code } });
      expect(res.json()).toMatchObject({ user: { email: 'new@example.com', name: 'Nina New', role: 'admin' } });
      for (const password of ['anything at all', 'Passw0rd!']) {
        const login = await provisioning.request({ method: 'POST', url: '/v1/auth/login', payload: { email: 'new@example.com', password } });
        expect(login.statusCode).toBe(401);
        expect(login.json()).toMatchObject({ message: 'Incorrect email or password.' });
      }
    } finally {
      await provisioning.close();
    }
  });

  it('a provider that cannot be reached sends the browser back with a sentence', async () => {
    const down = await createTestApp({ env: { OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret } });
    try {
      const start = await down.request({ method: 'GET', url: '/v1/auth/oidc/start' });
      expect(start.statusCode).toBe(302);
      const page = new URL(String(start.headers.location), 'http://127.0.0.1:3000');
      const res = await down.request({ method: 'POST', url: '/v1/auth/oidc/exchange', payload: { code: page.searchParams.get('sso') } });
      expect(res.json()).toMatchObject({ message: 'The sign-in service could not be reached. Try again in a moment.' });
      // Signing out still comes back to the sign-in page.
      const out = await down.request({ method: 'GET', url: '/v1/auth/oidc/logout' });
      expect(out.statusCode).toBe(302);
      expect(out.headers.location).toBe('/auth/login');
    } finally {
      await down.close();
    }
  });
});
