import { z } from 'zod';
import { Id, NoContent } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';
import { Password, User } from './users.ts';

const Token = z.object({ token: z.string(), expires: z.string() });
/** The pair, and how long the session may go unused before it ends (SESSION_IDLE_MINUTES). */
export const AuthTokens = z.object({ access: Token, refresh: Token, idleMinutes: z.number().int() });
export type AuthTokens = z.infer<typeof AuthTokens>;

/** Longest address a mail system delivers to (RFC 5321) and longest password worth hashing. */
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 1024;

export const LoginBody = z.object({
  email: z
    .string({ message: 'email is required' })
    .max(EMAIL_MAX, `email must be at most ${EMAIL_MAX} characters`)
    .trim()
    .toLowerCase()
    .pipe(z.email('email must be a valid email address')),
  password: z.string({ message: 'password is required' }).min(1, 'password is required').max(PASSWORD_MAX, `password must be at most ${PASSWORD_MAX} characters`),
});
const RefreshBody = z.object({ refreshToken: z.string({ message: 'refreshToken is required' }).min(1, 'refreshToken is required').max(512) });

export const ChangePasswordBody = z.strictObject(
  {
    currentPassword: z.string({ message: 'currentPassword is required' }).min(1, 'currentPassword is required').max(1024, 'currentPassword is too long'),
    newPassword: Password,
  },
  { message: 'unknown field' },
);
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

/** How a sign-in was proven: a password alone, with the authenticator app or a recovery code, or through the identity provider. */
export const SIGN_IN_METHODS = ['password', 'password+totp', 'password+recovery', 'sso'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** One signed-in session of the user (a sign-in on some device and its token refreshes). */
export const SessionInfo = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ipAddress: z.string(),
  userAgent: z.string(),
  method: z.enum(SIGN_IN_METHODS),
  /** The session of the request asking. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const authApi = defineApi('auth', {
  login: defineEndpoint({
    method: 'POST', path: '/v1/auth/login', tag: 'Auth', summary: 'Sign in with email and password',
    access: 'public', body: LoginBody, status: 200, response: z.object({ user: User, tokens: AuthTokens }),
  }),
  refreshTokens: defineEndpoint({
    method: 'POST', path: '/v1/auth/refresh-tokens', tag: 'Auth',
    summary: 'Trade a refresh token for a new pair (the old one stops working)',
    access: 'public', body: RefreshBody, status: 200, response: AuthTokens,
  }),
  logout: defineEndpoint({
    method: 'POST', path: '/v1/auth/logout', tag: 'Auth', summary: 'End the session of a refresh token',
    access: 'public', body: RefreshBody, status: 204, response: NoContent,
  }),
  profile: defineEndpoint({
    method: 'GET', path: '/v1/auth/profile', tag: 'Auth', summary: 'The signed-in user',
    access: 'authenticated', status: 200,
    // passwordGenerated: the first super_admin still has the password generated at first start.
    response: z.object({ user: User, passwordGenerated: z.boolean() }),
  }),
  changePassword: defineEndpoint({
    method: 'PATCH', path: '/v1/auth/password', tag: 'Auth',
    summary: 'Change your own password (every other session of yours ends)',
    access: 'authenticated', body: ChangePasswordBody, status: 204, response: NoContent,
  }),
  sessions: defineEndpoint({
    method: 'GET', path: '/v1/auth/sessions', tag: 'Auth', summary: 'Your signed-in sessions, most recently used first',
    access: 'authenticated', status: 200, response: z.object({ results: z.array(SessionInfo) }),
  }),
  endSession: defineEndpoint({
    method: 'DELETE', path: '/v1/auth/sessions/:sessionId', tag: 'Auth', summary: 'Sign out one of your sessions',
    access: 'authenticated', params: z.object({ sessionId: Id }), status: 204, response: NoContent,
  }),
  endOtherSessions: defineEndpoint({
    method: 'DELETE', path: '/v1/auth/sessions', tag: 'Auth', summary: 'Sign out every session of yours but this one',
    access: 'authenticated', status: 204, response: NoContent,
  }),
});
