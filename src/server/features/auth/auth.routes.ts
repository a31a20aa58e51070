import type { FastifyReply, FastifyRequest } from 'fastify';
import { authApi } from '#shared/contract/auth';
import { TooManyRequests } from '../../lib/errors.ts';
import type { Route } from '../../plugins/contract.ts';
import type { AuthService } from './auth.service.ts';
import type { ClientInfo, Sessions } from './sessions.ts';

export function client(request: FastifyRequest): ClientInfo {
  return { address: request.ip, userAgent: request.headers['user-agent'] ?? '' };
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

export function authRoutes(route: Route, auth: AuthService, sessions: Sessions): void {
  // Every request to the two credential endpoints counts against the address, whatever its outcome.
  const countLogin = (request: FastifyRequest, reply: FastifyReply) => withRetryAfter(reply, () => auth.countAttempt('login', request.ip));
  const countRefresh = (request: FastifyRequest, reply: FastifyReply) => withRetryAfter(reply, () => auth.countAttempt('refresh', request.ip));

  route(authApi.login, ({ body, request, reply }) => withRetryAfter(reply, () => auth.login(body.email, body.password, client(request))), { onRequest: countLogin });
  route(authApi.refreshTokens, ({ body, request }) => auth.refresh(body.refreshToken, client(request)), { onRequest: countRefresh });
  route(authApi.logout, async ({ body, request }) => {
    await auth.logout(body.refreshToken, request.ip);
    return null;
  });
  route(authApi.profile, ({ user }) => auth.profile(user.id));
  route(authApi.changePassword, async ({ user, body, reply }) => {
    await withRetryAfter(reply, () => auth.changePassword(user, body));
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
