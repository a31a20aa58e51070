import type { FastifyReply, FastifyRequest } from 'fastify';
import { ssoApi } from '#shared/contract/auth-sso';
import type { CookieWriter } from '../../../lib/cookies.ts';
import { readCookie } from '../../../lib/cookies.ts';
import { REPLIED, type Route } from '../../../plugins/contract.ts';
import type { AuthService } from '../auth.service.ts';
import { client, signedInReply, withRetryAfter } from '../auth.routes.ts';
import type { DeviceCookies } from '../devices.ts';
import type { Prove } from '../proof.ts';
import type { MfaAdmin } from '../mfa/mfa-admin.ts';
import { BROWSER_COOKIE, FLOW_COOKIE } from './oidc.flow.ts';
import type { OidcService } from './oidc.service.ts';

export interface OidcRouteDeps {
  oidc: OidcService;
  auth: AuthService;
  prove: Prove;
  admin: MfaAdmin;
  devices: DeviceCookies;
  cookies: CookieWriter;
  publicUrl: string;
  /** Checks a request's bearer token as every signed-in endpoint does, and sets `request.user` (a start for a signature). */
  signedIn: (request: FastifyRequest) => Promise<void>;
  /** Issues a signing token to a session proven by a fresh provider sign-in (features/signatures). */
  issueSigningToken: (owner: { userId: string; sessionId: string }) => Promise<{ token: string; expiresAt: string }>;
}

export function oidcRoutes(route: Route, d: OidcRouteDeps): void {
  const { oidc } = d;
  const flow = { path: FLOW_COOKIE.path, maxAgeSeconds: FLOW_COOKIE.minutes * 60, sameSite: 'Lax' } as const;
  // Lax: the provider sends the browser back to the callback from its own site.
  const setFlow = (reply: FastifyReply, value: string, seconds = flow.maxAgeSeconds) => d.cookies.set(reply, FLOW_COOKIE.name, value, { ...flow, maxAgeSeconds: seconds });
  // Anonymous steps of a round trip are counted per client like sign-ins, so nobody can make the portal write rows freely.
  const count = (kind: 'sso' | 'login') => (request: FastifyRequest, reply: FastifyReply) => withRetryAfter(reply, () => d.auth.countAttempt(kind, request.ip));

  route(ssoApi.settings, async () => oidc.settings());
  route(
    ssoApi.start,
    async ({ request, reply, query }) => {
      if (query.purpose === 'sign') {
        // A signature's round trip belongs to the signed-in session asking for it: the signing dialog
        // asks with the session's bearer token, and opens the provider's address in a window of its own.
        await d.signedIn(request);
        const { location, cookie } = await oidc.startFor('sign', request.user!);
        setFlow(reply, cookie);
        await reply.code(200).send({ location });
        return REPLIED;
      }
      const { location, cookie } = await oidc.start();
      if (cookie) setFlow(reply, cookie);
      await reply.redirect(location, 302);
      return REPLIED;
    },
    { onRequest: count('sso') },
  );
  route(
    ssoApi.callback,
    async ({ request, reply }) => {
      const { location, browser } = await oidc.callback(new URL(request.url, d.publicUrl), readCookie(request, FLOW_COOKIE.name), request.ip);
      // The flow is over whatever its outcome: its cookie goes, and this browser gets the one its code is bound to.
      setFlow(reply, '', 0);
      d.cookies.set(reply, BROWSER_COOKIE.name, browser, { path: BROWSER_COOKIE.path, maxAgeSeconds: BROWSER_COOKIE.seconds, sameSite: 'Strict' });
      await reply.redirect(location, 302);
      return REPLIED;
    },
    { onRequest: count('sso') },
  );
  route(ssoApi.exchange, ({ body, request, reply }) => signedInReply(reply, d.devices, () => oidc.exchange(body.code, readCookie(request, BROWSER_COOKIE.name), client(request))), { onRequest: count('login') });
  route(ssoApi.signingToken, async ({ body, request, user }) => {
    await oidc.signingCode(body.code, readCookie(request, BROWSER_COOKIE.name), user);
    return d.issueSigningToken({ userId: user.id, sessionId: user.sessionId });
  });
  route(ssoApi.outcome, ({ body, request, user }) => oidc.outcome(body.code, readCookie(request, BROWSER_COOKIE.name), user));
  route(ssoApi.link, async ({ body, request, reply, user }) => {
    // Linking lets whoever holds the organisation account sign in here: the owner proves it is them first.
    await withRetryAfter(reply, () => d.prove(user, client(request), body, { code: 'no', purpose: 'link single sign-on' }, async () => undefined));
    const { location, cookie } = await oidc.startFor('link', user);
    setFlow(reply, cookie);
    return { location };
  });
  route(ssoApi.confirm, async ({ reply, user }) => {
    const { location, cookie } = await oidc.startFor('confirm', user);
    setFlow(reply, cookie);
    return { location };
  });
  route(ssoApi.signOut, async ({ reply }) => {
    await reply.redirect(await oidc.signOutLocation(`${d.publicUrl}/auth/login`), 302);
    return REPLIED;
  });
  route(ssoApi.linkUser, async ({ user, params, body }) => {
    await d.admin.link(user, params.userId, body.subject);
    return null;
  });
  route(ssoApi.unlinkUser, async ({ user, params }) => {
    await d.admin.unlink(user, params.userId);
    return null;
  });
}
