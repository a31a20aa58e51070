import { z } from 'zod';
import { NoContent } from './common.ts';
import { defineEndpoint } from './endpoints.ts';
import { User } from './users.ts';

const Token = z.object({ token: z.string(), expires: z.string() });
export const AuthTokens = z.object({ access: Token, refresh: Token });
export type AuthTokens = z.infer<typeof AuthTokens>;

export const LoginBody = z.object({
  email: z.string({ message: 'email is required' }).trim().toLowerCase().pipe(z.email('email must be a valid email address')),
  password: z.string({ message: 'password is required' }).min(1, 'password is required').max(256),
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
