import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, signInAtProvider, startTestProvider } from '../../../../../tests/support/oidc-provider.ts';
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
  });
  t = await createTestApp({
    env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret, OIDC_ROLE_CLAIM: 'groups', OIDC_ROLE_MAP: 'qp-staff=staff,qp-admins=admin' },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** The browser's round trip: start, the provider's pages, the callback; answers the sign-in page address. */
async function throughProvider(login: string, opts: { cancel?: boolean } = {}): Promise<URL> {
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

  it('a provider that cannot be reached sends the browser back with a sentence', async () => {
    const down = await createTestApp({ env: { OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret } });
    try {
      const start = await down.request({ method: 'GET', url: '/v1/auth/oidc/start' });
      expect(start.statusCode).toBe(302);
      const page = new URL(String(start.headers.location), 'http://127.0.0.1:3000');
      const res = await down.request({ method: 'POST', url: '/v1/auth/oidc/exchange', payload: { code: page.searchParams.get('sso') } });
      expect(res.json()).toMatchObject({ message: 'The sign-in service could not be reached. Try again in a moment.' });
    } finally {
      await down.close();
    }
  });
});
