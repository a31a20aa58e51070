import type { FastifyReply, FastifyRequest } from 'fastify';
import { mfaApi } from '#shared/contract/auth-mfa';
import type { Route } from '../../../plugins/contract.ts';
import type { AuthService } from '../auth.service.ts';
import { client, withRetryAfter } from '../auth.routes.ts';
import type { MfaAdmin } from './mfa-admin.ts';
import type { MfaService } from './mfa.service.ts';

export function mfaRoutes(route: Route, mfa: MfaService, auth: AuthService, admin: MfaAdmin): void {
  // Counted against the address like a password sign-in, whatever its outcome.
  const countLogin = (request: FastifyRequest, reply: FastifyReply) => withRetryAfter(reply, () => auth.countAttempt('login', request.ip));
  route(mfaApi.loginMfa, ({ body, request, reply }) => withRetryAfter(reply, () => mfa.completeSignIn(body.challenge, body.code, client(request))), { onRequest: countLogin });
  route(mfaApi.status, ({ user }) => mfa.status(user));
  route(mfaApi.setUp, ({ user }) => mfa.setUp(user));
  route(mfaApi.confirm, ({ user, body }) => mfa.confirm(user, body.code));
  route(mfaApi.turnOff, async ({ user, body, reply }) => {
    await withRetryAfter(reply, () => mfa.turnOff(user, body.password, body.code));
    return null;
  });
  route(mfaApi.userSignIn, ({ params }) => admin.signInOf(params.userId));
  route(mfaApi.reset, async ({ user, params }) => {
    await admin.reset(user, params.userId);
    return null;
  });
}
