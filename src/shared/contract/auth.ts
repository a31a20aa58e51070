import { z } from 'zod';
import { NoContent } from './common.ts';
import { defineEndpoint } from './endpoints.ts';
import { User } from './users.ts';

const Token = z.object({ token: z.string(), expires: z.string() });
export const AuthTokens = z.object({ access: Token, refresh: Token });
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

export const authApi = {
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
    access: 'authenticated', status: 200, response: z.object({ user: User }),
  }),
} as const;
