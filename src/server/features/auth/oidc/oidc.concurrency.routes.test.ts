import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, startTestProvider } from '../../../../../tests/support/oidc-provider.ts';
import { type TestApp, createTestApp } from '../../../../../tests/support/test-app.ts';
import { userIdentities } from '../../../db/schema/index.ts';
import { PortalBrowser, REDIRECT, throughProvider } from './oidc.test-support.ts';
let provider: Awaited<ReturnType<typeof startTestProvider>>;
let t: TestApp;

beforeAll(async () => {
  provider = await startTestProvider(REDIRECT, { ten: { email: 'ten@example.com', email_verified: true, name: 'Ten Tabs', groups: ['qp-staff'] } });
  t = await createTestApp({
    env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret, OIDC_ROLE_CLAIM: 'groups', OIDC_ROLE_MAP: 'qp-staff=staff' },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

describe('single sign-on: the one-time code exchanged ten times at once', () => {
  it('signs in once: one 200, one session and one sign-in entry; the nine others find the code used', async () => {
    const user = await t.createUser('staff', { email: 'ten@example.com' });
    await t.database.db.insert(userIdentities).values({ issuer: provider.issuer, subject: 'ten', userId: user.id, createdAt: new Date() });
    const browser = new PortalBrowser();
    const code = (await throughProvider(t, 'ten', { browser })).searchParams.get('sso');
    expect(code).toEqual(expect.any(String));

    const res = await Promise.all(Array.from({ length: 10 }, () => t.request({ method: 'POST', url: '/v1/auth/oidc/exchange', payload: { code }, headers: { cookie: browser.header } })));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(401)]);
    expect(res.filter((r) => r.statusCode === 401).map((r) => r.json().message)).toEqual(Array(9).fill('That sign-in took too long. Please try again.'));
    const { rows } = await t.database.pool.query<{ n: number; entries: number }>(
      `select (select count(*)::int from sessions where user_id = $1) as n,
              (select count(*)::int from audit_events where action = 'sign in' and after->>'userId' = $1) as entries`,
      [user.id],
    );
    expect(rows[0]).toEqual({ n: 1, entries: 1 });
  });
});
