import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { ArenaError, badResponse, errorFromResponse, transportError } from './arena-errors.ts';
import { createRateLimitGuard } from './arena-rate-limit.ts';
import { LoginResponse } from './arena-schemas.ts';

export interface ArenaConnectionOptions {
  /** One of the ARENA_*_URL hosts, or the emulator's `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  email: string;
  password: string;
  workspaceId?: number | string;
  /** Per request, including reading the answer (default 15 000 ms). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  clock?: Clock;
  logger?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

const NOT_JSON = Symbol('not JSON');

function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryValue = string | number | boolean | undefined;

export interface ArenaRequest<T> {
  method: Method;
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** null when Arena answers without a body (204). */
  schema: z.ZodType<T> | null;
}

/**
 * Arena's HTTP session: lazy login shared by concurrent callers, one re-login and retry on 401,
 * the daily quota guard, timeouts, and error envelopes turned into ArenaError.
 */
export function createArenaHttp(options: ArenaConnectionOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const log = options.logger;
  const quota = createRateLimitGuard(clock, (until) =>
    log?.warn({ until: until.toISOString() }, 'Arena daily request quota used up; pausing calls'),
  );
  let sessionId: string | null = null;
  let pendingLogin: Promise<string> | null = null;
  let lastToken: string | null = null;

  /** Arena's messages should never hold our secrets, but the log and the UI must not depend on that. */
  function redact(err: unknown): ArenaError {
    const error = err instanceof ArenaError ? err : transportError(err, timeoutMs);
    let message = error.message;
    for (const secret of [options.password, lastToken]) if (secret && secret.length >= 4) message = message.split(secret).join('[redacted]');
    return message === error.message ? error : new ArenaError(error.kind, message, error.status, error.codes);
  }

  async function send(method: Method, path: string, query: ArenaRequest<unknown>['query'], body: unknown, token: string | null) {
    quota.check();
    try {
      const url = new URL(`${base}${path}`);
      for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
      if (token) headers.arena_session_id = token;
      const signal = AbortSignal.timeout(timeoutMs);
      const res = await doFetch(url, { method, headers, signal, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      quota.observe(res.status, res.headers);
      // Read the body under the same deadline: a stalled answer is a timeout too.
      const text = await res.text();
      return { status: res.status, ok: res.ok, body: parseBody(text) };
    } catch (err) {
      throw transportError(err, timeoutMs);
    }
  }

  async function login(): Promise<string> {
    const workspaceId = options.workspaceId === undefined || options.workspaceId === '' ? undefined : Number(options.workspaceId);
    const body = { email: options.email, password: options.password, ...(workspaceId === undefined ? {} : { workspaceId }) };
    const res = await send('POST', '/login', undefined, body, null);
    if (!res.ok) throw errorFromResponse(res.status, res.body, 'login');
    const parsed = LoginResponse.safeParse(res.body);
    if (!parsed.success) throw badResponse('POST /login', parsed.error, res.status);
    lastToken = parsed.data.sessionId;
    log?.info({ workspaceId: parsed.data.workspaceId, workspaceName: parsed.data.workspaceName }, 'signed in to Arena');
    return parsed.data.sessionId;
  }

  /** The current session; the first caller logs in and every concurrent caller waits for that one login. */
  function session(): Promise<string> {
    if (sessionId) return Promise.resolve(sessionId);
    pendingLogin ??= login()
      .then((id) => {
        sessionId = id;
        return id;
      })
      .finally(() => {
        pendingLogin = null;
      });
    return pendingLogin;
  }

  async function request<T>(req: ArenaRequest<T>): Promise<T> {
    const what = `${req.method} ${req.path}`;
    try {
      let token = await session();
      let res = await send(req.method, req.path, req.query, req.body, token);
      if (res.status === 401) {
        // Expired after 90 idle minutes, or replaced by another login: sign in once more, retry once.
        if (sessionId === token) sessionId = null;
        log?.info({ call: what }, 'Arena session no longer valid; signing in again');
        token = await session();
        res = await send(req.method, req.path, req.query, req.body, token);
      }
      if (!res.ok) {
        if (res.status === 401 && sessionId === token) sessionId = null;
        throw errorFromResponse(res.status, res.body, 'call');
      }
      if (req.schema === null) return undefined as T;
      if (res.body === NOT_JSON) throw badResponse(what, 'the body is not JSON', res.status);
      const parsed = req.schema.safeParse(res.body);
      if (!parsed.success) throw badResponse(what, parsed.error, res.status);
      return parsed.data;
    } catch (err) {
      throw redact(err);
    }
  }

  /** Ends the session (on shutdown); a session Arena already dropped is fine. */
  async function logout(): Promise<void> {
    if (pendingLogin) await pendingLogin.catch(() => undefined);
    const token = sessionId;
    if (!token) return;
    sessionId = null;
    try {
      const res = await send('PUT', '/logout', undefined, undefined, token);
      if (!res.ok && res.status !== 401) throw errorFromResponse(res.status, res.body, 'call');
    } catch (err) {
      throw redact(err);
    }
  }

  return { request, logout };
}

export type ArenaHttp = ReturnType<typeof createArenaHttp>;
