import { z } from 'zod';
import { Id, NoContent } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';
import { PASSWORD_MAX, authApi } from './auth.ts';

/** The error code of a right password whose account has a second factor on; the reply carries `challenge`. */
export const MFA_REQUIRED = 'mfa_required';
export const MFA_REQUIRED_MESSAGE = 'Enter the 6-digit code from your authenticator app.';
export const RECOVERY_CODE_COUNT = 10;
/** The error code of every call but the set-up's from a session whose role needs a second factor it has not set up. */
export const MFA_ENROLMENT_REQUIRED = 'mfa_enrolment_required';
export const MFA_ENROLMENT_REQUIRED_MESSAGE = 'Your role needs two-step verification. Set it up to continue.';

/** Six digits from the app, or a recovery code (`xxxxx-xxxxx`); spaces are ignored. */
const Code = z
  .string({ message: 'code is required' })
  .max(40, 'code is too long')
  .transform((v) => v.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().min(1, 'code is required'));
const SixDigits = z
  .string({ message: 'code is required' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6 digits your authenticator app shows.'));

export const MfaStatus = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The account is linked to an identity at the organisation's provider. */
  viaProvider: z.boolean(),
  /** This session's role needs a second factor (MFA_REQUIRED_ROLES) and it has none yet: setting it up is all it may do. */
  required: z.boolean(),
  /** The account can sign in with a password, which is what the authenticator app guards. */
  passwordSignIn: z.boolean(),
  /** This session signed in (or confirmed) at the identity provider within the last 5 minutes: that stands in for the password. */
  providerProof: z.boolean(),
});
export type MfaStatus = z.infer<typeof MfaStatus>;

export const UserSignIn = z.object({
  /** Linked to an identity at the organisation's provider. */
  singleSignOn: z.boolean(),
  /** That identity's subject at the provider, when linked. */
  subject: z.string().nullable(),
  /** The provider gives the role (OIDC_ROLE_CLAIM): it cannot be changed here. */
  roleFromProvider: z.boolean(),
  twoStepOn: z.boolean(),
});
export type UserSignIn = z.infer<typeof UserSignIn>;

/** The current password, which a recent provider sign-in of the session may stand in for. */
const CurrentPassword = z.string().max(PASSWORD_MAX, 'password is too long').optional();
const WithCode = z.object({ password: CurrentPassword, code: Code });

export const mfaApi = defineApi('mfa', {
  loginMfa: defineEndpoint({
    method: 'POST', path: '/v1/auth/login/mfa', tag: 'Auth', summary: 'Finish a password sign-in with a code from the authenticator app or a recovery code',
    access: 'public', body: z.object({ challenge: z.string({ message: 'challenge is required' }).min(1).max(200), code: Code }), status: 200, response: authApi.login.response,
  }),
  status: defineEndpoint({
    method: 'GET', path: '/v1/auth/mfa', tag: 'Auth', summary: 'Whether your two-step verification is on',
    access: 'authenticated', status: 200, response: MfaStatus,
  }),
  setUp: defineEndpoint({
    method: 'POST', path: '/v1/auth/mfa/totp', tag: 'Auth', summary: 'Start setting up an authenticator app (current password): a new secret, not yet in use',
    access: 'authenticated', body: z.object({ password: CurrentPassword }), status: 200, response: z.object({ secret: z.string(), otpauthUrl: z.string() }),
  }),
  confirm: defineEndpoint({
    method: 'POST', path: '/v1/auth/mfa/totp/confirm', tag: 'Auth', summary: 'Turn two-step verification on with a first code; replies with the recovery codes, shown once',
    access: 'authenticated', body: z.object({ code: SixDigits }), status: 200, response: z.object({ recoveryCodes: z.array(z.string()) }),
  }),
  turnOff: defineEndpoint({
    method: 'DELETE', path: '/v1/auth/mfa/totp', tag: 'Auth', summary: 'Turn two-step verification off (current password and a code)',
    access: 'authenticated', body: WithCode, status: 204, response: NoContent,
  }),
  newRecoveryCodes: defineEndpoint({
    method: 'POST', path: '/v1/auth/mfa/recovery-codes', tag: 'Auth', summary: 'Replace your recovery codes (current password and a code); the new ones are shown once',
    access: 'authenticated', body: WithCode, status: 200, response: z.object({ recoveryCodes: z.array(z.string()) }),
  }),
  userSignIn: defineEndpoint({
    method: 'GET', path: '/v1/users/:userId/sign-in', tag: 'Users', summary: 'How a user signs in: through the identity provider, whether it gives their role, whether two-step verification is on',
    access: { capability: 'users' }, params: z.object({ userId: Id }), status: 200, response: UserSignIn,
  }),
  reset: defineEndpoint({
    method: 'DELETE', path: '/v1/users/:userId/mfa', tag: 'Users', summary: "Reset a user's two-step verification (staff and members; an admin's only by a super_admin)",
    access: { capability: 'users' }, params: z.object({ userId: Id }), status: 204, response: NoContent,
  }),
});
