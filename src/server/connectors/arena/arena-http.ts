import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { isHttpsOrLoopback, redirectMessage } from '../../lib/outside-url.ts';
import { ArenaError, badResponse, errorFromResponse, transportError } from './arena-errors.ts';
import { createRateLimitGuard } from './arena-rate-limit.ts';
import { LoginResponse } from './arena-schemas.ts';
import { type ArenaRefusal, type ArenaSessionStore, type SignInOutcome, createMemorySessionStore } from './arena-session-store.ts';
import { credentialsFingerprint, pausedError, pausedMessage, refusalAfter } from './arena-signin-backoff.ts';

export interface ArenaConnectionOptions {
  /** One of the ARENA_*_URL hosts, or the emulator's `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  email: string;
  password: string;
  workspaceId?: number | string;
  /** Per request, including reading the reply (default 15 000 ms). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  clock?: Clock;
  logger?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Shares the session token between instances (the database store); default one process's memory. */
  sessionStore?: ArenaSessionStore;
}

/** What Arena's "POST Log In" replied to this instance: the workspace the session is in. */
export interface ArenaSignIn {
  workspaceId: number | null;
  workspaceName: string | null;
  /** The workspace's daily request limit. */
  requestLimit: number | null;
}

/** This instance's view of its Arena connection, for the Integrations view. */
export interface ArenaConnectionStatus {
  /** active: holding a token; none: not signed in yet or signed out; refused: the last login was refused. */
  session: 'active' | 'none' | 'refused';
  /** From Arena's X-Arena-Requests-Remaining on the last reply; null before any. */
  requestsRemaining: number | null;
  /** When the daily quota starts again (X-Arena-Next-Request-Limit-Reset); null before any reply. */
  resetsAt: Date | null;
  /** During a sign-in back-off, what every call replies; else null. */
  signInPaused: string | null;
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
  /** null when Arena replies without a body (204). */
  schema: z.ZodType<T> | null;
}

/**
 * Arena's HTTP session: one token shared by concurrent callers and, through the session store, by
 * every instance; on 401 the stored token is read again (another instance may have logged in) and
 * only then one login is made under the store's lock; the daily quota guard, timeouts, and error
 * envelopes turned into ArenaError.
 */
export function createArenaHttp(options: ArenaConnectionOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  if (!isHttpsOrLoopback(new URL(base))) throw new Error('The Arena base URL must be https: (http: only on loopback).');
  const doFetch = options.fetch ?? globalThis.fetch;
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const log = options.logger;
  const store = options.sessionStore ?? createMemorySessionStore();
  const quota = createRateLimitGuard(clock, (until) =>
    log?.warn({ until: until.toISOString() }, 'Arena daily request quota used up; pausing calls'),
  );
  let sessionId: string | null = null;
  let pending: Promise<string> | null = null;
  let refused = false;
  /** What this instance's last sign-in replied (null while it uses a session another instance made). */
  let signedIn: ArenaSignIn | null = null;
  /** The back-off this instance last met; calls fail without reaching Arena until it passes. */
  let paused: ArenaRefusal | null = null;
  const credentials = credentialsFingerprint(options.password);
  const refusalListeners: ((message: string) => void)[] = [];
  const pausedNow = () => (paused && clock.now() < paused.until ? paused : null);
  /** The last tokens this instance has held, so none can reach a message or the log. */
  const tokens = new Set<string>();
  const remember = (token: string) => {
    tokens.add(token);
    if (tokens.size > 8) tokens.delete(tokens.values().next().value as string);
  };

  /** Arena's messages should never hold our secrets, but the log and the UI must not depend on that. */
  function redact(err: unknown): ArenaError {
    const error = err instanceof ArenaError ? err : transportError(err, timeoutMs);
    let message = error.message;
    for (const secret of [options.password, ...tokens]) if (secret && secret.length >= 4) message = message.split(secret).join('[redacted]');
    return message === error.message ? error : new ArenaError(error.kind, message, error.status, error.codes, error.arenaSaid);
  }

  async function send(method: Method, path: string, query: ArenaRequest<unknown>['query'], body: unknown, token: string | null) {
    quota.check();
    try {
      const url = new URL(`${base}${path}`);
      for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
      if (token) headers.arena_session_id = token;
      const signal = AbortSignal.timeout(timeoutMs);
      const res = await doFetch(url, { method, headers, signal, redirect: 'manual', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      if (res.status >= 300 && res.status < 400) throw new ArenaError('bad_response', `Arena ${redirectMessage(res.status, res.headers.get('location'))}.`, res.status);
      quota.observe(res.status, res.headers);
      // Read the body under the same deadline: a stalled reply is a timeout too.
      const text = await res.text();
      return { status: res.status, ok: res.ok, body: parseBody(text) };
    } catch (err) {
      throw transportError(err, timeoutMs);
    }
  }

  /** One sign-in; a refusal starts (or lengthens) the back-off every instance keeps to. */
  async function login(previous: ArenaRefusal | null): Promise<SignInOutcome> {
    const workspaceId = options.workspaceId === undefined || options.workspaceId === '' ? undefined : Number(options.workspaceId);
    const body = { email: options.email, password: options.password, ...(workspaceId === undefined ? {} : { workspaceId }) };
    const res = await send('POST', '/login', undefined, body, null);
    if (!res.ok) {
      const error = errorFromResponse(res.status, res.body, 'login');
      refused = error.kind === 'auth';
      if (!refused) throw error;
      const refusal = refusalAfter(previous, redact(error), clock.now(), credentials);
      log?.warn({ codes: error.codes, until: refusal.until.toISOString() }, 'Arena refused the sign-in; no sign-in before the back-off passes');
      for (const listener of refusalListeners) listener(pausedMessage(refusal));
      return { refused: refusal };
    }
    const parsed = LoginResponse.safeParse(res.body);
    if (!parsed.success) throw badResponse('POST /login', parsed.error, res.status);
    remember(parsed.data.sessionId);
    signedIn = { workspaceId: parsed.data.workspaceId, workspaceName: parsed.data.workspaceName, requestLimit: parsed.data.requestLimit };
    log?.info({ workspaceId: parsed.data.workspaceId, workspaceName: parsed.data.workspaceName }, 'signed in to Arena');
    return { token: parsed.data.sessionId };
  }

  /**
   * A token other than `stale`: the stored one when another instance saved a newer one, else a
   * login under the store's lock (whoever waited for the lock finds the winner's token). Concurrent
   * callers of this instance share the one attempt.
   */
  function acquire(stale: string | null): Promise<string> {
    pending ??= (async () => {
      const stored = await store.read();
      if (stored && stored !== stale) return stored;
      const outcome = await store.renew(async (now, refusal) => {
        if (now && now !== stale) return { token: now };
        const mine = refusal?.credentials === credentials ? refusal : null;
        if (mine && clock.now() < mine.until) return { refused: mine };
        return login(mine);
      });
      if ('token' in outcome) return outcome.token;
      paused = outcome.refused;
      refused = true;
      throw pausedError(outcome.refused);
    })()
      .then((id) => {
        remember(id);
        sessionId = id;
        refused = false;
        paused = null;
        return id;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  function session(): Promise<string> {
    return sessionId ? Promise.resolve(sessionId) : acquire(null);
  }

  async function request<T>(req: ArenaRequest<T>): Promise<T> {
    const what = `${req.method} ${req.path}`;
    try {
      const pause = pausedNow();
      if (pause) throw pausedError(pause);
      let token = await session();
      let res = await send(req.method, req.path, req.query, req.body, token);
      if (res.status === 401) {
        // Expired after 90 idle minutes, or replaced by another instance's login: take the stored
        // token or sign in once more, and retry once.
        if (sessionId === token) sessionId = null;
        log?.info({ call: what }, 'Arena session no longer valid; taking the current one');
        const stale = token;
        token = await acquire(stale);
        // An attempt that was already under way when ours began may have found the same token.
        if (token === stale) token = await acquire(stale);
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

  /**
   * Ends this instance's use of the session (on shutdown). A shared session is left to the other
   * instances (Arena ends it after 90 idle minutes); a private one is ended at Arena, where a
   * session it already dropped is fine.
   */
  async function logout(): Promise<void> {
    if (pending) await pending.catch(() => undefined);
    const token = sessionId;
    if (!token) return;
    sessionId = null;
    if (!store.forget) return;
    await store.forget(token);
    try {
      const res = await send('PUT', '/logout', undefined, undefined, token);
      if (!res.ok && res.status !== 401) throw errorFromResponse(res.status, res.body, 'call');
    } catch (err) {
      throw redact(err);
    }
  }

  function status(): ArenaConnectionStatus {
    const { remaining, resetsAt } = quota.snapshot();
    const pause = pausedNow();
    return { session: sessionId ? 'active' : refused ? 'refused' : 'none', requestsRemaining: remaining, resetsAt, signInPaused: pause ? pausedMessage(pause) : null };
  }

  /** `listener` is told once per back-off, by the instance whose sign-in Arena refused. */
  const onSignInRefused = (listener: (message: string) => void) => void refusalListeners.push(listener);

  /** Signs in now unless a session is held; what the sign-in replied, or null for a shared session. */
  async function signIn(): Promise<ArenaSignIn | null> {
    try {
      const pause = pausedNow();
      if (pause) throw pausedError(pause);
      await session();
      return signedIn;
    } catch (err) {
      throw redact(err);
    }
  }

  return { request, logout, status, onSignInRefused, signIn };
}

