import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../../../tests/support/test-app.ts';
import { users } from '../../db/schema/index.ts';
import { authSuite } from './auth.test-support.ts';

const INVALID_LOGIN = { code: 'unauthorized', message: 'Incorrect email or password.' };

describe('auth routes', () => {
  const s = authSuite();
  const { login } = s;

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

    it('updates lastLogin, in the reply and in the database', async () => {
      const u = await s.t.createUser('staff');
      const before = Date.now();
      const res = await login({ email: u.email, password: u.password });
      expect(res.statusCode).toBe(200);
      const lastLogin = Date.parse(res.json().user.lastLogin);
      expect(lastLogin).toBeGreaterThanOrEqual(before - 1000);
      expect(lastLogin).toBeLessThanOrEqual(Date.now() + 1000);
      const [row] = await s.t.database.db.select().from(users).where(eq(users.id, u.id));
      expect(row?.lastLogin?.getTime()).toBe(lastLogin);
    });

    it('accepts the email in any case and with spaces around it', async () => {
      const res = await login({ email: `  ${ADMIN.email.toUpperCase()} `, password: ADMIN.password });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.email).toBe(ADMIN.email);
    });

    it('replies 401 with a message for a wrong password', async () => {
      const res = await login({ email: ADMIN.email, password: 'wrong-password1' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID_LOGIN);
    });

    it('replies 401 with the same message for an unknown email', async () => {
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
    ])('replies 400 with code, message and details for %s', async (_name, payload, field, message) => {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toEqual({ code: 'validation_failed', message: expect.stringMatching(message), details: expect.any(Object) });
      expect(body.details[field]).toMatch(message);
    });

    it('replies 400 with all problems when both fields are missing', async () => {
      const res = await login({});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
      expect(Object.keys(res.json().details).sort()).toEqual(['email', 'password']);
    });

    it('replies 400, not 500, for malformed JSON', async () => {
      const res = await s.t.request({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "admin@example.com", "password": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'bad_request', message: 'The request body is not valid JSON.' });
    });

    it('replies 400 for an empty JSON body or a body that is not an object', async () => {
      for (const payload of ['', '[]', '"admin@example.com"']) {
        const res = await s.t.request({ method: 'POST', url: '/v1/auth/login', headers: { 'content-type': 'application/json' }, payload });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ code: 'validation_failed', message: 'The request body must be a JSON object', details: { body: expect.any(String) } });
      }
    });

    it('replies 400 for a prototype-poisoning body', async () => {
      const res = await s.t.request({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":"admin@example.com","password":"x","__proto__":{"isAdmin":true}}',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'bad_request' });
    });

    it('replies 413 for a body over the size limit', async () => {
      const res = await login({ email: ADMIN.email, password: 'x'.repeat(600 * 1024) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ code: 'payload_too_large', message: 'The request body is too large.' });
    });

    it('replies 403 with a message for a restricted user, but 401 for a wrong password', async () => {
      const u = await s.t.createUser('member', { isRestricted: true });
      const wrong = await login({ email: u.email, password: 'wrong-password1' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual(INVALID_LOGIN);
      const res = await login({ email: u.email, password: u.password });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'forbidden', message: 'Your account has been restricted. Please contact an administrator.' });
    });
  });
});
