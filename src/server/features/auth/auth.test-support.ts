import { afterAll, beforeAll } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';

export type Tokens = { access: { token: string; expires: string }; refresh: { token: string; expires: string }; idleMinutes: number };

/**
 * The auth API of one test file: its own database (with the seeded super_admin). Registers the
 * file's beforeAll/afterAll; `t` is valid once they have run.
 */
export function authSuite() {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  return {
    get t(): TestApp {
      return t;
    },
    login: (payload: unknown, remoteAddress?: string) =>
      t.request({ method: 'POST', url: '/v1/auth/login', payload: payload as Record<string, unknown>, ...(remoteAddress ? { remoteAddress } : {}) }),
    refresh: (refreshToken: string) => t.request({ method: 'POST', url: '/v1/auth/refresh-tokens', payload: { refreshToken } }),
    profile: (headers: Record<string, string>) => t.request({ method: 'GET', url: '/v1/auth/profile', headers }),
  };
}
