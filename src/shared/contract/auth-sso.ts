import { z } from 'zod';
import { defineApi, defineEndpoint } from './endpoints.ts';
import { authApi } from './auth.ts';

import { Id, NoContent } from './common.ts';
import { PASSWORD_MAX } from './auth.ts';

/** The query parameter carrying the one-time code of a provider round trip (on the sign-in page, or My account after a link). */
export const SSO_CODE_PARAM = 'sso';
/** The sign-in page's query parameter naming why a single sign-on could not start (a key of SSO_START_ERRORS). */
export const SSO_ERROR_PARAM = 'sso_error';
/** Why a round trip to the provider ended without a reply, in the words the sign-in page shows. */
export const SSO_START_ERRORS = {
  unreachable: 'The sign-in service could not be reached. Try again in a moment.',
  cancelled: 'Single sign-on was cancelled.',
  expired: 'That sign-in took too long. Please try again.',
} as const;

/** Where the provider sends a signing round trip back to: a page of the window the signing dialog opened, which hands its one-time code to the dialog. */
export const SSO_SIGN_PAGE = '/auth/sso-sign';
/** The channel (BroadcastChannel) on which that page hands the code to the signing dialog. */
export const SSO_SIGN_CHANNEL = 'quality-portal-sso-sign';
/** What a start is for: a sign-in (none), or a fresh provider sign-in for one electronic signature. */
export const SSO_START_PURPOSES = ['sign'] as const;

/** What a round trip for the signed-in account did: linked it to the provider, or confirmed the session with a fresh provider sign-in. */
export const SsoOutcome = z.enum(['linked', 'confirmed']);
export type SsoOutcome = z.infer<typeof SsoOutcome>;
const Location = z.object({ location: z.string() });
const OneTimeCode = z.object({ code: z.string({ message: 'code is required' }).min(1, 'code is required').max(200) });

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

/**
 * `ssoApi.start` as the signing dialog calls it: with `purpose=sign` and the session's bearer
 * token it answers 200 with the provider's address (the dialog opens it in a window of its own)
 * instead of redirecting. The same route on the server; not an endpoint of its own.
 */
export const SSO_SIGN_START = defineEndpoint({
  method: 'GET', path: '/v1/auth/oidc/start', tag: 'Auth', summary: 'Start a fresh provider sign-in for one electronic signature',
  access: 'authenticated', query: z.object({ purpose: z.literal('sign') }), status: 200, response: Location,
});

export const ssoApi = defineApi('sso', {
  settings: defineEndpoint({
    method: 'GET', path: '/v1/auth/oidc', tag: 'Auth', summary: 'Whether single sign-on is offered, and its button’s text',
    access: 'public', status: 200, response: SsoSettings,
  }),
  start: defineEndpoint({
    method: 'GET', path: '/v1/auth/oidc/start', tag: 'Auth',
    summary:
      'Start a single sign-on: a redirect to the identity provider. With purpose=sign, for a signed-in session linked to the provider (bearer token): 200 {location}, a fresh provider sign-in (max_age=0) whose round trip ends on the signing page with a one-time code for POST /v1/auth/oidc/signing-token',
    access: 'public', query: z.object({ purpose: z.enum(SSO_START_PURPOSES, { message: 'purpose must be sign' }).optional() }), status: 302, response: Redirect,
  }),
  signingToken: defineEndpoint({
    method: 'POST', path: '/v1/auth/oidc/signing-token', tag: 'Auth',
    summary: 'Trade the one-time code of a signing round trip (start?purpose=sign) for a signing token: one signature, 2 minutes, this session only',
    access: 'authenticated', body: OneTimeCode, status: 200, response: z.object({ token: z.string(), expiresAt: z.string() }),
  }),
  callback: defineEndpoint({
    method: 'GET', path: '/v1/auth/oidc/callback', tag: 'Auth', summary: 'The identity provider’s reply: a redirect to the sign-in page with a one-time code',
    access: 'public', query: z.looseObject({}), status: 302, response: Redirect,
  }),
  exchange: defineEndpoint({
    method: 'POST', path: '/v1/auth/oidc/exchange', tag: 'Auth', summary: 'Trade the one-time code of a single sign-on for what a sign-in replies (in the browser the provider sent back only)',
    access: 'public', body: OneTimeCode, status: 200, response: authApi.login.response,
  }),
  link: defineEndpoint({
    method: 'POST', path: '/v1/auth/oidc/link', tag: 'Auth', summary: 'Start linking your account to your organisation account (current password): the provider address to go to',
    access: 'authenticated', body: z.object({ password: z.string().max(PASSWORD_MAX, 'password is too long').optional() }), status: 200, response: Location,
  }),
  confirm: defineEndpoint({
    method: 'POST', path: '/v1/auth/oidc/confirm', tag: 'Auth', summary: 'Start a fresh sign-in at the provider for this session (it then stands in for your password for 5 minutes)',
    access: 'authenticated', status: 200, response: Location,
  }),
  outcome: defineEndpoint({
    method: 'POST', path: '/v1/auth/oidc/outcome', tag: 'Auth', summary: 'What the one-time code of a link or confirmation on My account came to',
    access: 'authenticated', body: OneTimeCode, status: 200, response: z.object({ outcome: SsoOutcome }),
  }),
  linkUser: defineEndpoint({
    method: 'PUT', path: '/v1/users/:userId/identity', tag: 'Users', summary: "Link a user's account to an identity at the provider by its subject (staff and members; an admin's only by a super_admin)",
    access: { capability: 'users' }, params: z.object({ userId: Id }),
    body: z.object({ subject: z.string({ message: 'subject is required' }).trim().min(1, 'subject is required').max(255, 'subject must be at most 255 characters') }),
    status: 204, response: NoContent,
  }),
  unlinkUser: defineEndpoint({
    method: 'DELETE', path: '/v1/users/:userId/identity', tag: 'Users', summary: "Unlink a user's account from the provider",
    access: { capability: 'users' }, params: z.object({ userId: Id }), status: 204, response: NoContent,
  }),
  signOut: defineEndpoint({
    method: 'GET', path: '/v1/auth/oidc/logout', tag: 'Auth', summary: 'After signing out of a single sign-on session: a redirect to the identity provider’s sign-out, which comes back to the sign-in page',
    access: 'public', status: 302, response: Redirect,
  }),
});
