import { z } from 'zod';
import { defineApi, defineEndpoint } from './endpoints.ts';
import { authApi } from './auth.ts';

/** The sign-in page's query parameter carrying the one-time code of a provider sign-in. */
export const SSO_CODE_PARAM = 'sso';

export const SsoSettings = z.object({
  /** Single sign-on is configured: the sign-in page shows its button. */
  enabled: z.boolean(),
  label: z.string(),
  /** The sandbox's demo provider (SANDBOX_SSO): any portal user's e-mail, any password. */
  demo: z.boolean(),
});
export type SsoSettings = z.infer<typeof SsoSettings>;

/** A redirect: no body, a Location. */
const Redirect = z.null();

export const ssoApi = defineApi('sso', {
  settings: defineEndpoint({
    method: 'GET', path: '/v1/auth/oidc', tag: 'Auth', summary: 'Whether single sign-on is offered, and its button’s text',
    access: 'public', status: 200, response: SsoSettings,
  }),
  start: defineEndpoint({
    method: 'GET', path: '/v1/auth/oidc/start', tag: 'Auth', summary: 'Start a single sign-on: a redirect to the identity provider',
    access: 'public', status: 302, response: Redirect,
  }),
  callback: defineEndpoint({
    method: 'GET', path: '/v1/auth/oidc/callback', tag: 'Auth', summary: 'The identity provider’s answer: a redirect to the sign-in page with a one-time code',
    access: 'public', query: z.looseObject({}), status: 302, response: Redirect,
  }),
  exchange: defineEndpoint({
    method: 'POST', path: '/v1/auth/oidc/exchange', tag: 'Auth', summary: 'Trade the one-time code of a single sign-on for what a sign-in answers',
    access: 'public', body: z.object({ code: z.string({ message: 'code is required' }).min(1, 'code is required').max(200) }), status: 200, response: authApi.login.response,
  }),
  signOut: defineEndpoint({
    method: 'GET', path: '/v1/auth/oidc/logout', tag: 'Auth', summary: 'After signing out of a single sign-on session: a redirect to the identity provider’s sign-out, which comes back to the sign-in page',
    access: 'public', status: 302, response: Redirect,
  }),
});
