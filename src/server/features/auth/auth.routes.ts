import type { FastifyReply, FastifyRequest } from 'fastify';
import { authApi } from '#shared/contract/auth';
import { TooManyRequests } from '../../lib/errors.ts';
import type { Route } from '../../plugins/contract.ts';
import type { AuthService } from './auth.service.ts';
import type { DeviceCookies } from './devices.ts';
import type { ClientInfo, Sessions } from './sessions.ts';
import type { SignedIn } from './sign-in.ts';

export function client(request: FastifyRequest): ClientInfo {
  return { address: request.ip, userAgent: request.headers['user-agent'] ?? '', cookies: request.headers.cookie };
}

/** A throttled refusal carries Retry-After: when a new attempt can succeed. */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof TooManyRequests && err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

/** A sign-in's answer; the browser also gets (or renews) its device cookie for the account (devices.ts). */
export async function signedInReply(reply: FastifyReply, devices: DeviceCookies, signIn: () => Promise<SignedIn>): Promise<SignedIn> {
  const result = await withRetryAfter(reply, signIn);
  reply.header('set-cookie', await devices.issue(result.user.email));
  return result;
}

export function authRoutes(route: Route, auth: AuthService, sessions: Sessions, devices: DeviceCookies): void {
  // Every request to the two credential endpoints counts against the address, whatever its outcome.
  const countLogin = (request: FastifyRequest, reply: FastifyReply) => withRetryAfter(reply, () => auth.countAttempt('login', request.ip));
  const countRefresh = (request: FastifyRequest, reply: FastifyReply) => withRetryAfter(reply, () => auth.countAttempt('refresh', request.ip));

  route(authApi.login, ({ body, request, reply }) => signedInReply(reply, devices, () => auth.login(body.email, body.password, client(request))), { onRequest: countLogin });
  route(authApi.refreshTokens, ({ body, request }) => auth.refresh(body.refreshToken, client(request)), { onRequest: countRefresh });
  route(authApi.logout, async ({ body, request }) => {
    await auth.logout(body.refreshToken, request.ip);
    return null;
  });
  route(authApi.profile, ({ user }) => auth.profile(user.id));
  route(authApi.changePassword, async ({ user, body, request, reply }) => {
    await withRetryAfter(reply, () => auth.changePassword(user, client(request), body));
    return null;
  });
  route(authApi.sessions, async ({ user }) => ({ results: await sessions.list(user.id, user.sessionId) }));
  route(authApi.endSession, async ({ user, params }) => {
    await sessions.endOwn(user, params.sessionId);
    return null;
  });
  route(authApi.endOtherSessions, async ({ user }) => {
    await sessions.end(user, { except: user.sessionId }, 'signed out by user', user);
    return null;
  });
}
