import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type Instance, TEST_JWT_SECRET, TEST_PASSWORD, bearer, freshDatabase, secondInstance, testConfig } from '../../../../tests/support/test-app.ts';
import { buildApp } from '../../app.ts';
import { seedAdmin } from '../../db/seed.ts';
import { fixedClock } from '../../lib/clock.ts';
import { type Tokens, authSuite } from './auth.test-support.ts';

const MINUTE = 60_000;

// One database for the file; the fixed-clock suite runs a second instance over it.
const s = authSuite();

describe('auth routes', () => {
  const { login, refresh, profile } = s;
  let adminHeaders: Record<string, string>;
  beforeAll(async () => {
    adminHeaders = await s.t.as('admin');
  });

  describe('access tokens', () => {
    it('GET /v1/auth/profile returns {user} for a valid token', async () => {
      const res = await profile(adminHeaders);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['user', 'passwordGenerated']);
      expect(body.passwordGenerated).toBe(false);
      expect(body.user).toMatchObject({ role: 'admin', isRestricted: false, permissions: [], lastLogin: expect.any(String) });
      expect(body.user).not.toHaveProperty('passwordHash');
    });

    it('replies 401 without a token', async () => {
      const res = await s.t.request({ method: 'GET', url: '/v1/auth/profile' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'unauthorized', message: 'Please sign in.' });
    });

    it.each([
      ['garbage', 'Bearer garbage'],
      ['a non-bearer scheme', 'Basic YWRtaW46cGFzc3dvcmQ='],
      ['an empty bearer', 'Bearer '],
    ])('replies 401 for %s', async (_name, authorization) => {
      const res = await s.t.request({ method: 'GET', url: '/v1/auth/profile', headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized', message: expect.any(String) });
    });

    it('replies 401 for a tampered token (payload changed, signature kept)', async () => {
      const { access } = await s.t.login(ADMIN.email, ADMIN.password);
      const [header, payload, signature] = access.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else', role: 'super_admin' })).toString('base64url');
      const res = await profile(bearer(`${header}.${forged}.${signature}`));
      expect(res.statusCode).toBe(401);
      // A flipped signature is refused too.
      const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
      expect((await profile(bearer(`${header}.${payload}.${flipped}`))).statusCode).toBe(401);
      // And an unsigned ("alg: none") token.
      const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
      expect((await profile(bearer(`${none}.${payload}.`))).statusCode).toBe(401);
    });

    it('a restricted user: the live access token stops at once and refresh is refused', async () => {
      const u = await s.t.createUser('staff');
      const tokens = await s.t.login(u.email, u.password);
      expect((await profile(bearer(tokens.access))).statusCode).toBe(200);

      const restrict = await s.t.request({
        method: 'PATCH',
        url: `/v1/users/${u.id}/restrict-access`,
        headers: adminHeaders,
        payload: { isRestricted: true },
      });
      expect(restrict.statusCode).toBe(204);

      expect((await profile(bearer(tokens.access))).statusCode).toBe(401);
      const res = await refresh(tokens.refresh);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });

      // Lifting the restriction lets the user sign in again, but the old refresh token stays dead.
      const lift = await s.t.request({ method: 'PATCH', url: `/v1/users/${u.id}/restrict-access`, headers: adminHeaders, payload: { isRestricted: false } });
      expect(lift.statusCode).toBe(204);
      expect((await refresh(tokens.refresh)).statusCode).toBe(401);
      expect((await login({ email: u.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    });
  });
});

describe('auth token lifetimes (fixed clock)', () => {
  const clock = fixedClock('2025-03-10T09:00:00.000Z');
  let clocked: Instance;
  beforeAll(async () => {
    clocked = await secondInstance(s.t, { clock });
  });
  afterAll(() => clocked.close());

  it('login stamps lastLogin from the clock; the expiries are 30 minutes and 30 days, the idle limit 60 minutes', async () => {
    const res = await clocked.request({ method: 'POST', url: '/v1/auth/login', payload: { email: ADMIN.email, password: ADMIN.password } });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ user: { lastLogin: string }; tokens: Tokens }>();
    expect(body.user.lastLogin).toBe('2025-03-10T09:00:00.000Z');
    expect(body.tokens.access.expires).toBe('2025-03-10T09:30:00.000Z');
    expect(body.tokens.refresh.expires).toBe('2025-04-09T09:00:00.000Z');
    expect(body.tokens.idleMinutes).toBe(60);
  });

  it('an access token works for 30 minutes, then 401', async () => {
    clock.set('2025-03-10T09:00:00.000Z');
    const { access } = await clocked.login(ADMIN.email, ADMIN.password);
    clock.advance(29 * MINUTE);
    expect((await clocked.request({ method: 'GET', url: '/v1/auth/profile', headers: bearer(access) })).statusCode).toBe(200);
    clock.advance(2 * MINUTE);
    const res = await clocked.request({ method: 'GET', url: '/v1/auth/profile', headers: bearer(access) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'unauthorized', message: 'Your session has expired. Please sign in again.' });
  });
});

describe('the first super_admin with a generated password', () => {
  it('profile says passwordGenerated until they choose their own', async () => {
    const database = await freshDatabase();
    try {
      const config = testConfig({ ADMIN_PASSWORD: '' });
      let printed = '';
      await seedAdmin(database.db, config, (line) => {
        printed += line;
      });
      const password = /Password \(shown only this once\): (\S+)/.exec(printed)?.[1];
      expect(password).toEqual(expect.any(String));
      const app = await buildApp({ config, db: database.db, jwtSecret: TEST_JWT_SECRET });
      try {
        const login = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: ADMIN.email, password } });
        const headers = bearer(login.json<{ tokens: Tokens }>().tokens.access.token);
        const profile = async () => (await app.inject({ method: 'GET', url: '/v1/auth/profile', headers })).json<{ passwordGenerated: boolean }>().passwordGenerated;
        expect(await profile()).toBe(true);
        const change = await app.inject({ method: 'PATCH', url: '/v1/auth/password', headers, payload: { currentPassword: password, newPassword: 'Mine-At-Last-Walnut' } });
        expect(change.statusCode).toBe(204);
        expect(await profile()).toBe(false);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
