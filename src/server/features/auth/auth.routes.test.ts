import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type Instance, TEST_JWT_SECRET, TEST_PASSWORD, type TestApp, createTestApp, freshDatabase, secondInstance, testConfig } from '../../../../tests/support/test-app.ts';
import { buildApp } from '../../app.ts';
import { users } from '../../db/schema/index.ts';
import { seedAdmin } from '../../db/seed.ts';
import { fixedClock } from '../../lib/clock.ts';

const INVALID_LOGIN = { code: 'unauthorized', message: 'Incorrect email or password.' };
const MINUTE = 60_000;

type Tokens = { access: { token: string; expires: string }; refresh: { token: string; expires: string }; idleMinutes: number };

function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

// One database for the file; the fixed-clock suite runs a second instance over it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('auth routes', () => {
  let adminHeaders: Record<string, string>;
  beforeAll(async () => {
    adminHeaders = await t.as('admin');
  });

  const login = (payload: unknown, remoteAddress?: string) =>
    t.request({ method: 'POST', url: '/v1/auth/login', payload: payload as Record<string, unknown>, ...(remoteAddress ? { remoteAddress } : {}) });
  const refresh = (refreshToken: string) => t.request({ method: 'POST', url: '/v1/auth/refresh-tokens', payload: { refreshToken } });
  const profile = (headers: Record<string, string>) => t.request({ method: 'GET', url: '/v1/auth/profile', headers });

  describe('POST /v1/auth/login', () => {
    it('returns the user and both tokens for the right password', async () => {
      const res = await login({ email: ADMIN.email, password: ADMIN.password });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toMatchObject({ email: ADMIN.email, role: 'super_admin', isRestricted: false });
      expect(body.user).not.toHaveProperty('passwordHash');
      expect(body.user).not.toHaveProperty('password');
      expect(res.body).not.toContain('$argon2');
      expect(body.tokens.access.token).toEqual(expect.any(String));
      expect(body.tokens.refresh.token).toEqual(expect.any(String));
      expect(Date.parse(body.tokens.access.expires)).toBeGreaterThan(Date.now());
      expect(Date.parse(body.tokens.refresh.expires)).toBeGreaterThan(Date.parse(body.tokens.access.expires));
    });

    it('updates lastLogin, in the answer and in the database', async () => {
      const u = await t.createUser('staff');
      const before = Date.now();
      const res = await login({ email: u.email, password: u.password });
      expect(res.statusCode).toBe(200);
      const lastLogin = Date.parse(res.json().user.lastLogin);
      expect(lastLogin).toBeGreaterThanOrEqual(before - 1000);
      expect(lastLogin).toBeLessThanOrEqual(Date.now() + 1000);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
      expect(row?.lastLogin?.getTime()).toBe(lastLogin);
    });

    it('accepts the email in any case and with spaces around it', async () => {
      const res = await login({ email: `  ${ADMIN.email.toUpperCase()} `, password: ADMIN.password });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.email).toBe(ADMIN.email);
    });

    it('answers 401 with a message for a wrong password', async () => {
      const res = await login({ email: ADMIN.email, password: 'wrong-password1' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID_LOGIN);
    });

    it('answers 401 with the same message for an unknown email', async () => {
      const res = await login({ email: 'nobody@example.com', password: 'whatever123' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID_LOGIN);
    });

    it.each([
      ['a malformed email', { email: 'not-an-email', password: 'x' }, 'email', /valid email/i],
      ['a missing email', { password: 'x' }, 'email', /email is required/i],
      ['a missing password', { email: ADMIN.email }, 'password', /password is required/i],
      ['an empty password', { email: ADMIN.email, password: '' }, 'password', /password is required/i],
      ['a number as password', { email: ADMIN.email, password: 12345678 }, 'password', /password/i],
    ])('answers 400 with code, message and details for %s', async (_name, payload, field, message) => {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toEqual({ code: 'validation_failed', message: expect.stringMatching(message), details: expect.any(Object) });
      expect(body.details[field]).toMatch(message);
    });

    it('answers 400 with all problems when both fields are missing', async () => {
      const res = await login({});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
      expect(Object.keys(res.json().details).sort()).toEqual(['email', 'password']);
    });

    it('answers 400, not 500, for malformed JSON', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "admin@example.com", "password": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'bad_request', message: 'The request body is not valid JSON.' });
    });

    it('answers 400 for an empty JSON body or a body that is not an object', async () => {
      for (const payload of ['', '[]', '"admin@example.com"']) {
        const res = await t.request({ method: 'POST', url: '/v1/auth/login', headers: { 'content-type': 'application/json' }, payload });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ code: 'validation_failed', message: 'The request body must be a JSON object', details: { body: expect.any(String) } });
      }
    });

    it('answers 400 for a prototype-poisoning body', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":"admin@example.com","password":"x","__proto__":{"isAdmin":true}}',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'bad_request' });
    });

    it('answers 413 for a body over the size limit', async () => {
      const res = await login({ email: ADMIN.email, password: 'x'.repeat(600 * 1024) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ code: 'payload_too_large', message: 'The request body is too large.' });
    });

    it('answers 403 with a message for a restricted user, but 401 for a wrong password', async () => {
      const u = await t.createUser('member', { isRestricted: true });
      const wrong = await login({ email: u.email, password: 'wrong-password1' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(INVALID_LOGIN);
      const res = await login({ email: u.email, password: u.password });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'forbidden', message: 'Your account has been restricted. Please contact an administrator.' });
    });
  });

  describe('POST /v1/auth/refresh-tokens', () => {
    it('rotates: a new pair, the old refresh token refused afterwards', async () => {
      const first = await t.login(ADMIN.email, ADMIN.password);
      const res = await refresh(first.refresh);
      expect(res.statusCode).toBe(200);
      const pair = res.json<Tokens>();
      expect(pair.access.token).toEqual(expect.any(String));
      expect(pair.refresh.token).toEqual(expect.any(String));
      expect(pair.refresh.token).not.toBe(first.refresh);
      expect(pair.access.token).not.toBe(first.access);
      expect((await profile(bearer(pair.access.token))).statusCode).toBe(200);

      const again = await refresh(first.refresh);
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual({ code: 'unauthorized', message: expect.any(String) });
    });

    it('reuse of a rotated token ends every session of the user, even the newest', async () => {
      const u = await t.createUser('staff');
      const other = await t.login(u.email, u.password); // a second, unrelated session
      const first = await t.login(u.email, u.password);
      const second = (await refresh(first.refresh)).json<Tokens>();
      const third = (await refresh(second.refresh.token)).json<Tokens>();
      expect(third.refresh.token).toEqual(expect.any(String));

      // The stolen copy of the first token comes back.
      expect((await refresh(first.refresh)).statusCode).toBe(401);
      expect((await refresh(third.refresh.token)).statusCode).toBe(401);
      expect((await refresh(other.refresh)).statusCode).toBe(401);
      // Signing in again works.
      expect((await login({ email: u.email, password: u.password })).statusCode).toBe(200);
    });

    it('refuses garbage and missing tokens', async () => {
      const res = await refresh('not-a-token');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
      const missing = await t.request({ method: 'POST', url: '/v1/auth/refresh-tokens', payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'validation_failed', details: { refreshToken: 'refreshToken is required' } });
    });

    it('refuses an access token in place of a refresh token', async () => {
      const { access } = await t.login(ADMIN.email, ADMIN.password);
      expect((await refresh(access)).statusCode).toBe(401);
    });
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

    it('answers 401 without a token', async () => {
      const res = await t.request({ method: 'GET', url: '/v1/auth/profile' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'unauthorized', message: 'Please sign in.' });
    });

    it.each([
      ['garbage', 'Bearer garbage'],
      ['a non-bearer scheme', 'Basic YWRtaW46cGFzc3dvcmQ='],
      ['an empty bearer', 'Bearer '],
    ])('answers 401 for %s', async (_name, authorization) => {
      const res = await t.request({ method: 'GET', url: '/v1/auth/profile', headers: { authorization } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized', message: expect.any(String) });
    });

    it('answers 401 for a tampered token (payload changed, signature kept)', async () => {
      const { access } = await t.login(ADMIN.email, ADMIN.password);
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
      const u = await t.createUser('staff');
      const tokens = await t.login(u.email, u.password);
      expect((await profile(bearer(tokens.access))).statusCode).toBe(200);

      const restrict = await t.request({
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
      const lift = await t.request({ method: 'PATCH', url: `/v1/users/${u.id}/restrict-access`, headers: adminHeaders, payload: { isRestricted: false } });
      expect(lift.statusCode).toBe(204);
      expect((await refresh(tokens.refresh)).statusCode).toBe(401);
      expect((await login({ email: u.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    });
  });

  describe('POST /v1/auth/logout', () => {
    it('revokes the refresh token (204), so refreshing afterwards is 401', async () => {
      const tokens = await t.login(ADMIN.email, ADMIN.password);
      const res = await t.request({ method: 'POST', url: '/v1/auth/logout', payload: { refreshToken: tokens.refresh } });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await refresh(tokens.refresh)).statusCode).toBe(401);
    });

    it('ends the whole rotation family of the session, and leaves other sessions alone', async () => {
      const u = await t.createUser('member');
      const other = await t.login(u.email, u.password);
      const first = await t.login(u.email, u.password);
      const rotated = (await refresh(first.refresh)).json<Tokens>();
      expect((await t.request({ method: 'POST', url: '/v1/auth/logout', payload: { refreshToken: first.refresh } })).statusCode).toBe(204);
      expect((await refresh(rotated.refresh.token)).statusCode).toBe(401);
      expect((await refresh(other.refresh)).statusCode).toBe(200);
    });

    it('answers 204 for an unknown token and 400 without one', async () => {
      expect((await t.request({ method: 'POST', url: '/v1/auth/logout', payload: { refreshToken: 'unknown' } })).statusCode).toBe(204);
      const res = await t.request({ method: 'POST', url: '/v1/auth/logout', payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    });
  });
});

describe('auth token lifetimes (fixed clock)', () => {
  const clock = fixedClock('2025-03-10T09:00:00.000Z');
  let clocked: Instance;
  beforeAll(async () => {
    clocked = await secondInstance(t, { clock });
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
        const change = await app.inject({ method: 'PATCH', url: '/v1/auth/password', headers, payload: { currentPassword: password, newPassword: 'Mine9AtLast' } });
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
