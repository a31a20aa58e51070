import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';

describe('POST /v1/auth/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('returns the user and both tokens for the right password', async () => {
    const res = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: ADMIN.email, password: ADMIN.password } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: ADMIN.email, role: 'super_admin', isRestricted: false });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.tokens.access.token).toEqual(expect.any(String));
    expect(body.tokens.refresh.token).toEqual(expect.any(String));
  });

  it('answers 401 with a message for a wrong password', async () => {
    const res = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: ADMIN.email, password: 'wrong-password1' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'unauthorized', message: 'Incorrect email or password.' });
  });
});
