import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, startTestProvider } from '../../../../../tests/support/oidc-provider.ts';
import { ADMIN, type TestApp, createTestApp } from '../../../../../tests/support/test-app.ts';
import { userIdentities } from '../../../db/schema/index.ts';
import { REDIRECT, ssoSignIn } from './oidc.test-support.ts';

const NOT_LINKED = 'Your organisation account is not linked to your Quality Portal account yet. Sign in with your password, then choose Link single sign-on on My account, or ask an administrator to link it.';
let provider: Awaited<ReturnType<typeof startTestProvider>>;
let t: TestApp;
const env = () => ({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT.id, OIDC_CLIENT_SECRET: CLIENT.secret });

beforeAll(async () => {
  provider = await startTestProvider(REDIRECT, {
    // Identities whose e-mail a directory admin set to someone else's, or a mailbox reused.
    boss: { email: ADMIN.email, email_verified: true, name: 'Not The Admin' },
    adm: { email: 'adam@example.com', email_verified: true },
    stf: { email: 'stella@example.com', email_verified: true },
    mem: { email: 'mo@example.com', email_verified: true },
  });
  t = await createTestApp({ env: env() });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const identities = async () => t.database.db.select().from(userIdentities);

describe('a first single sign-on whose e-mail matches an account', () => {
  it('is refused, super_admins and admins included, with the sentence saying how to link; nothing is linked', async () => {
    await t.createUser('admin', { email: 'adam@example.com' });
    await t.createUser('staff', { email: 'stella@example.com' });
    for (const login of ['boss', 'adm', 'stf']) {
      const res = await ssoSignIn(t, login);
      expect(res.statusCode, login).toBe(401);
      expect(res.json(), login).toMatchObject({ message: NOT_LINKED });
    }
    expect(await identities()).toEqual([]);
    // The super_admin's own password still signs in, as before.
    expect((await t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: ADMIN.email, password: ADMIN.password } })).statusCode).toBe(200);
  });

  it('with OIDC_LINK_BY_EMAIL=on links staff and members by a verified e-mail, never an admin or a super_admin', async () => {
    const byEmail = await createTestApp({ env: { ...env(), OIDC_LINK_BY_EMAIL: 'on' } });
    try {
      await byEmail.createUser('admin', { email: 'adam@example.com' });
      const mo = await byEmail.createUser('member', { email: 'mo@example.com' });
      const signedIn = await ssoSignIn(byEmail, 'mem');
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toMatchObject({ user: { id: mo.id } });
      for (const login of ['boss', 'adm']) expect((await ssoSignIn(byEmail, login)).json(), login).toMatchObject({ message: NOT_LINKED });
      expect((await byEmail.database.db.select().from(userIdentities)).map((i) => i.userId)).toEqual([mo.id]);
    } finally {
      await byEmail.close();
    }
  });
});
