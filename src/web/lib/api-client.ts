import { AuthTokens, authApi } from '#shared/contract/auth';
import { SIGNING_FAILED } from '#shared/contract/signatures';
import { MFA_ENROLMENT_REQUIRED } from '#shared/contract/auth-mfa';
import { ApiErrorBody } from '#shared/contract/common';
import { type EndpointDef, type RequestOf, type ResponseOf, buildPath } from '#shared/contract/endpoints';
import { session } from './session.ts';

export const REQUEST_TIMEOUT_MS = 60_000;
/** The request time-out text, shown as is. */
export const TIMEOUT_MESSAGE = `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`;

/** Every failed call becomes one of these; `message` is ready to show to a person. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, string> | undefined;
  /** A sign-in that goes on with a second factor. */
  readonly challenge: string | undefined;
  constructor(init: { status: number; code: string; message: string; details?: Record<string, string> | undefined; challenge?: string | undefined }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.challenge = init.challenge;
  }
}

/**
 * Texts for when the server gives no message: `failed` for an error reply without one,
 * `thrown` for no reply at all (network down). A single string serves both.
 */
export type Fallback = string | { failed: string; thrown?: string };

type Parts<E extends EndpointDef> = RequestOf<E>;
type Pieces<E extends EndpointDef> = (Parts<E>['params'] extends undefined ? { params?: undefined } : { params: Parts<E>['params'] }) &
  (Parts<E>['query'] extends undefined ? { query?: undefined } : { query?: Parts<E>['query'] }) &
  (Parts<E>['body'] extends undefined ? { body?: undefined } : { body: Parts<E>['body'] });

export type ApiOptions<E extends EndpointDef> = Pieces<E> & { signal?: AbortSignal | undefined; fallback?: Fallback };
/** Options may be left out only when the endpoint needs neither params nor a body. */
type Args<E extends EndpointDef> = object extends Pieces<E> ? [options?: ApiOptions<E>] : [options: ApiOptions<E>];

interface LooseOptions {
  params?: Record<string, string | number> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
  fallback?: Fallback | undefined;
}

interface Reply {
  status: number;
  ok: boolean;
  data: unknown;
}

function fallbackTexts(fallback: Fallback | undefined): { failed: string; thrown: string } {
  if (typeof fallback === 'string') return { failed: fallback, thrown: fallback };
  const failed = fallback?.failed ?? 'The request failed. Please try again.';
  return { failed, thrown: fallback?.thrown ?? failed };
}

function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** One HTTP exchange with its own time-out; the body is read before the timer stops. */
async function exchange(endpoint: EndpointDef, options: LooseOptions, token: string | undefined, as: 'json' | 'blob'): Promise<Reply> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    if (options.signal?.aborted) throw options.signal.reason;
    const headers: Record<string, string> = { accept: as === 'blob' ? [...(endpoint.produces ?? []), 'application/json'].join(', ') : 'application/json' };
    // A JSON content type with an empty body is refused by the server, so only bodies carry one.
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(buildPath(endpoint.path, options.params) + queryString(options.query), {
      method: endpoint.method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: controller.signal,
    });
    let data: unknown = null;
    if (response.ok && as === 'blob') data = await response.blob();
    else if (response.status !== 204) {
      const text = await response.text();
      try {
        data = text ? JSON.parse(text) : null;
      } catch {
        data = text;
      }
    }
    return { status: response.status, ok: response.ok, data };
  } catch (err) {
    if (timedOut) throw new ApiError({ status: 0, code: 'timeout', message: TIMEOUT_MESSAGE });
    // The caller cancelled (TanStack Query does on unmount): let its own abort reason through.
    if (options.signal?.aborted) throw err;
    throw new ApiError({ status: 0, code: 'network_error', message: fallbackTexts(options.fallback).thrown });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

function errorFrom(reply: Reply, fallback: Fallback | undefined): ApiError {
  const body = ApiErrorBody.partial().safeParse(reply.data);
  const server = body.success ? body.data : {};
  return new ApiError({
    status: reply.status,
    code: server.code ?? `http_${reply.status}`,
    message: server.message?.trim() ? server.message : fallbackTexts(fallback).failed,
    details: server.details,
    challenge: server.challenge,
  });
}

let sessionEndedHandler: () => void = () => {};
/** The app decides where an ended session goes (the login route); lib knows no routes. */
export function onSessionEnded(handler: () => void): void {
  sessionEndedHandler = handler;
}

let enrolmentHandler: () => void = () => {};
/** The app decides where a session that must first set up two-step verification goes (My account). */
export function onEnrolmentRequired(handler: () => void): void {
  enrolmentHandler = handler;
}

let lastContact = Date.now();
/** When a signed-in request last reached the server: what the server counts as activity. */
export function lastServerContact(): number {
  return lastContact;
}

let refreshing: Promise<string> | null = null;

async function refreshTokens(): Promise<string> {
  const refreshToken = session.get()?.refreshToken;
  let reply: Reply | null = null;
  if (refreshToken) reply = await exchange(authApi.refreshTokens, { body: { refreshToken }, fallback: 'Your session has ended. Please sign in again.' }, undefined, 'json');
  const tokens = reply?.ok ? AuthTokens.safeParse(reply.data) : null;
  if (tokens?.success) {
    session.setTokens({ accessToken: tokens.data.access.token, refreshToken: tokens.data.refresh.token, idleMinutes: tokens.data.idleMinutes });
    return tokens.data.access.token;
  }
  const error = reply ? errorFrom(reply, 'Your session has ended. Please sign in again.') : new ApiError({ status: 401, code: 'unauthorized', message: 'Please sign in.' });
  // The server's reason (an idle sign-out says so) waits for the login page.
  session.end(error.message);
  sessionEndedHandler();
  throw error;
}

/** The name of the browser-wide lock held while the tokens are refreshed. */
export const REFRESH_LOCK = 'qp.refresh-tokens';

/** Runs `work` while no other tab of this browser runs it (the Web Locks API, where the browser has it). */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, work) : work();
}

/**
 * One refresh for every caller that met a 401 at the same time (docs/product.md, Messages and
 * timings: retried once after a token refresh), and one at a time across the browser's tabs: a
 * tab that waited for another's refresh takes the tokens it stored (the session store follows
 * other tabs through storage events), or, when the browser has not shown it them yet, refreshes
 * in its turn (docs/security.md, the reuse interval). A caller whose token is already outdated
 * just takes the newer one.
 */
function freshAccessToken(usedToken: string | undefined): Promise<string> {
  const current = session.get()?.accessToken;
  if (current && current !== usedToken) return Promise.resolve(current);
  refreshing ??= oneTabAtATime(async () => {
    session.reload();
    const latest = session.get()?.accessToken;
    return latest && latest !== usedToken ? latest : refreshTokens();
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function call(endpoint: EndpointDef, options: LooseOptions, as: 'json' | 'blob'): Promise<unknown> {
  const needsToken = endpoint.access !== 'public';
  const token = needsToken ? session.get()?.accessToken : undefined;
  let reply = await exchange(endpoint, options, token, as);
  // A signature that could not be verified is a 401 about the signature, not the session: no refresh.
  if (reply.status === 401 && needsToken && errorFrom(reply, undefined).code !== SIGNING_FAILED) {
    reply = await exchange(endpoint, options, await freshAccessToken(token), as);
  }
  if (needsToken && reply.status !== 401) lastContact = Date.now();
  if (!reply.ok) {
    const error = errorFrom(reply, options.fallback);
    if (error.code === MFA_ENROLMENT_REQUIRED) enrolmentHandler();
    throw error;
  }
  if (as === 'blob') return reply.data;
  const parsed = endpoint.response.safeParse(reply.status === 204 ? null : reply.data);
  if (!parsed.success) throw new ApiError({ status: reply.status, code: 'invalid_response', message: fallbackTexts(options.fallback).failed });
  return parsed.data;
}

/** Calls a contract endpoint and returns its parsed, typed response. */
export function api<E extends EndpointDef>(endpoint: E, ...[options]: Args<E>): Promise<ResponseOf<E>> {
  return call(endpoint, (options ?? {}) as LooseOptions, 'json') as Promise<ResponseOf<E>>;
}

/** Raw mode for downloads (CSV): the body as a Blob, with the same auth, refresh and errors. */
export function apiBlob<E extends EndpointDef>(endpoint: E, ...[options]: Args<E>): Promise<Blob> {
  return call(endpoint, (options ?? {}) as LooseOptions, 'blob') as Promise<Blob>;
}

/** The text to show for any error: an ApiError's message, else the caller's fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
