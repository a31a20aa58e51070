import type { FastifyReply, FastifyRequest } from 'fastify';
import { mfaApi } from '#shared/contract/auth-mfa';
import type { Route } from '../../../plugins/contract.ts';
import type { AuthService } from '../auth.service.ts';
import { client, signedInReply, withRetryAfter } from '../auth.routes.ts';
import type { DeviceCookies } from '../devices.ts';
import type { MfaAdmin } from './mfa-admin.ts';
import type { MfaService } from './mfa.service.ts';

export function mfaRoutes(route: Route, mfa: MfaService, auth: AuthService, admin: MfaAdmin, devices: DeviceCookies): void {
  // Counted against the address like a password sign-in, whatever its outcome.
  const countLogin = (request: FastifyRequest, reply: FastifyReply) => withRetryAfter(reply, () => auth.countAttempt('login', request.ip));
  route(mfaApi.loginMfa, ({ body, request, reply }) => signedInReply(reply, devices, () => mfa.completeSignIn(body.challenge, body.code, client(request))), { onRequest: countLogin });
  route(mfaApi.status, ({ user }) => mfa.status(user));
  route(mfaApi.setUp, ({ user, body, request, reply }) => withRetryAfter(reply, () => mfa.setUp(user, client(request), body)));
  route(mfaApi.confirm, ({ user, body }) => mfa.confirm(user, body.code));
  route(mfaApi.newRecoveryCodes, ({ user, body, request, reply }) => withRetryAfter(reply, () => mfa.newRecoveryCodes(user, client(request), body)));
  route(mfaApi.turnOff, async ({ user, body, request, reply }) => {
    await withRetryAfter(reply, () => mfa.turnOff(user, client(request), body));
    return null;
  });
  route(mfaApi.userSignIn, ({ params }) => admin.signInOf(params.userId));
  route(mfaApi.reset, async ({ user, params }) => {
    await admin.reset(user, params.userId);
    return null;
  });
}
