import { Secret, TOTP } from 'otpauth';
import type { TestApp } from '../../../../../tests/support/test-app.ts';
import { TEST_PASSWORD, bearer } from '../../../../../tests/support/test-app.ts';

/** The code an authenticator app shows for `secret` at `at` (any app: RFC 6238 defaults). */
export const appCode = (secret: string, at: Date) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });

/** Sets up (with the current password) and confirms the authenticator app of a signed-in user; returns the secret and recovery codes. */
export async function turnOnMfa(t: TestApp, headers: Record<string, string>, at: Date, password = TEST_PASSWORD): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setUp = await t.request({ method: 'POST', url: '/v1/auth/mfa/totp', headers, payload: { password } });
  if (setUp.statusCode !== 200) throw new Error(`set-up failed: ${setUp.body}`);
  const { secret } = setUp.json<{ secret: string }>();
  const confirmed = await t.request({ method: 'POST', url: '/v1/auth/mfa/totp/confirm', headers, payload: { code: appCode(secret, at) } });
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`);
  return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

export async function signInWithPassword(t: TestApp, email: string, password: string, from?: string) {
  return t.request({ method: 'POST', url: '/v1/auth/login', payload: { email, password }, ...(from ? { headers: { 'x-forwarded-for': from } } : {}) });
}

export async function secondStep(t: TestApp, challenge: string, code: string, from?: string) {
  return t.request({ method: 'POST', url: '/v1/auth/login/mfa', payload: { challenge, code }, ...(from ? { headers: { 'x-forwarded-for': from } } : {}) });
}

export { bearer };
