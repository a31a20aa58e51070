import { describe, expect, it } from 'vitest';
import { ADMIN, bearer } from '../../../../tests/support/test-app.ts';
import { type Tokens, authSuite } from './auth.test-support.ts';

describe('auth routes', () => {
  const s = authSuite();
  const { refresh, profile } = s;

  describe('POST /v1/auth/refresh-tokens', () => {
    it('rotates: a new pair of the same session (reuse of the old token: two-tabs.routes.test.ts)', async () => {
      const first = await s.t.login(ADMIN.email, ADMIN.password);
      const res = await refresh(first.refresh);
      expect(res.statusCode).toBe(200);
      const pair = res.json<Tokens>();
      expect(pair.access.token).toEqual(expect.any(String));
      expect(pair.refresh.token).toEqual(expect.any(String));
      expect(pair.refresh.token).not.toBe(first.refresh);
      expect(pair.access.token).not.toBe(first.access);
      expect((await profile(bearer(pair.access.token))).statusCode).toBe(200);
    });

    it('refuses garbage and missing tokens', async () => {
      const res = await refresh('not-a-token');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
      const missing = await s.t.request({ method: 'POST', url: '/v1/auth/refresh-tokens', payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'validation_failed', details: { refreshToken: 'refreshToken is required' } });
    });

    it('refuses an access token in place of a refresh token', async () => {
      const { access } = await s.t.login(ADMIN.email, ADMIN.password);
      expect((await refresh(access)).statusCode).toBe(401);
    });
  });

  describe('POST /v1/auth/logout', () => {
    it('revokes the refresh token (204), so refreshing afterwards is 401', async () => {
      const tokens = await s.t.login(ADMIN.email, ADMIN.password);
      const res = await s.t.request({ method: 'POST', url: '/v1/auth/logout', payload: { refreshToken: tokens.refresh } });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await refresh(tokens.refresh)).statusCode).toBe(401);
    });

    it('ends the whole rotation family of the session, and leaves other sessions alone', async () => {
      const u = await s.t.createUser('member');
      const other = await s.t.login(u.email, u.password);
      const first = await s.t.login(u.email, u.password);
      const rotated = (await refresh(first.refresh)).json<Tokens>();
      expect((await s.t.request({ method: 'POST', url: '/v1/auth/logout', payload: { refreshToken: first.refresh } })).statusCode).toBe(204);
      expect((await refresh(rotated.refresh.token)).statusCode).toBe(401);
      expect((await refresh(other.refresh)).statusCode).toBe(200);
    });

    it('replies 204 for an unknown token and 400 without one', async () => {
      expect((await s.t.request({ method: 'POST', url: '/v1/auth/logout', payload: { refreshToken: 'unknown' } })).statusCode).toBe(204);
      const res = await s.t.request({ method: 'POST', url: '/v1/auth/logout', payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    });
  });
});
