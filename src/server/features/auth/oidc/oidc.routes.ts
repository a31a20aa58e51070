import type { FastifyRequest } from 'fastify';
import { ssoApi } from '#shared/contract/auth-sso';
import { ANSWERED, type Route } from '../../../plugins/contract.ts';
import { client } from '../auth.routes.ts';
import { FLOW_COOKIE, type OidcService } from './oidc.service.ts';

function flowCookie(request: FastifyRequest): string | undefined {
  const pair = (request.headers.cookie ?? '').split(';').map((c) => c.trim()).find((c) => c.startsWith(`${FLOW_COOKIE.name}=`));
  return pair?.slice(FLOW_COOKIE.name.length + 1);
}

export function oidcRoutes(route: Route, oidc: OidcService, publicUrl: string): void {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  const cookie = (value: string, seconds: number) => `${FLOW_COOKIE.name}=${value}; Path=${FLOW_COOKIE.path}; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secure}`;

  route(ssoApi.settings, async () => oidc.settings());
  route(ssoApi.start, async ({ reply }) => {
    const { location, cookie: flow } = await oidc.start();
    if (flow) reply.header('set-cookie', cookie(flow, FLOW_COOKIE.minutes * 60));
    await reply.redirect(location, 302);
    return ANSWERED;
  });
  route(ssoApi.callback, async ({ request, reply }) => {
    const location = await oidc.callback(new URL(request.url, publicUrl), flowCookie(request), request.ip);
    // The flow is over whatever its outcome: its cookie goes.
    reply.header('set-cookie', cookie('', 0));
    await reply.redirect(location, 302);
    return ANSWERED;
  });
  route(ssoApi.exchange, ({ body, request }) => oidc.exchange(body.code, client(request)));
  route(ssoApi.signOut, async ({ reply }) => {
    await reply.redirect(await oidc.signOutLocation(`${publicUrl}/auth/login`), 302);
    return ANSWERED;
  });
}
