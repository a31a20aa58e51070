import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { ArenaFailure, defaultMessage, fail, routeNotFound, unauthorized, unsupportedMediaType } from './failures.ts';
import { WORKSPACE } from './fixtures.ts';
import { formatResetHeader, nextPacificMidnight } from './pacific-time.ts';
import { loadArenaState, saveArenaState } from './persistence.ts';
import { processRoutes } from './process-routes.ts';
import type { EmulatorContext } from './request.ts';
import { sessionRoutes, sessionToken } from './session-routes.ts';
import { settingsRoutes } from './settings-routes.ts';
import { statusRoutes } from './status-routes.ts';
import { stepRoutes } from './step-routes.ts';
import { type ArenaEmulatorState, createState, resetState } from './state.ts';
import type { ArenaEmulatorVariant } from './variants.ts';

export interface ArenaEmulatorOptions {
  /** The one user allowed to log in (the integration user). */
  email: string;
  password: string;
  workspaceId?: number;
  clock?: Clock;
  /** Requests per Pacific day before 429/4084 (default 10 000). */
  requestLimit?: number;
  /** JSON file that keeps processes and numbering across restarts (sandbox mode); none keeps memory only. */
  stateFile?: string;
  /** A stricter workspace (variants.ts); default the sandbox's friendly template. */
  variant?: ArenaEmulatorVariant;
}

export interface ArenaEmulatorControl {
  /** The next `count` API calls (login excepted) reply with this error instead of running. */
  failNext(count: number, failure: { status: number; code?: number; message?: string }): void;
  /** Delays every response, to exercise client timeouts. */
  setLatency(ms: number): void;
  /** Ends every session as if it had idled out; the next call gets 401. */
  expireSessions(): void;
  /** Back to the start: no processes, no sessions, full quota, numbering from CH-000001. */
  reset(): void;
}

export interface ArenaEmulator {
  app: FastifyInstance;
  control: ArenaEmulatorControl;
  state: ArenaEmulatorState;
}

const SESSION_IDLE_MS = 90 * 60_000;

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

function isLogin(req: FastifyRequest): boolean {
  return req.method === 'POST' && req.url.split('?')[0] === '/v1/login';
}

/**
 * A stand-in for Arena's REST API, as its documentation describes it, on its own Fastify
 * instance, so the real connector talks HTTP to it. Start it with `app.listen({ host: '127.0.0.1', port: 0 })`.
 */
export function createArenaEmulator(opts: ArenaEmulatorOptions): ArenaEmulator {
  const clock = opts.clock ?? systemClock;
  const state = createState(clock, opts.requestLimit ?? 10_000);
  const { stateFile } = opts;
  if (stateFile) loadArenaState(stateFile, state);
  const ctx: EmulatorContext = {
    state,
    clock,
    variant: opts.variant ?? {},
    credentials: { email: opts.email, password: opts.password, workspaceId: opts.workspaceId ?? WORKSPACE.id },
  };
  const app = Fastify({ logger: false });

  // Arena treats an empty body as no body (PUT /logout sends the JSON content type and nothing else).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(fail(400, 400, 'The request body is not valid JSON.'), undefined);
    }
  });

  const rollQuota = () => {
    const now = clock.now();
    if (now >= state.quota.resetAt) {
      state.quota.remaining = state.quota.limit;
      state.quota.resetAt = nextPacificMidnight(now);
    }
  };

  const authenticate = (req: FastifyRequest) => {
    const token = sessionToken(req);
    const session = token ? state.sessions.get(token) : undefined;
    if (!token || !session) throw unauthorized();
    const now = clock.now().getTime();
    if (now - session.lastUsedAt > SESSION_IDLE_MS) {
      state.sessions.delete(token);
      throw unauthorized();
    }
    session.lastUsedAt = now;
  };

  const countRequest = () => {
    rollQuota();
    const { limit, remaining, resetAt } = state.quota;
    if (remaining <= 0) {
      throw fail(
        429,
        4084,
        `You have exceeded your maximum of "${limit}" requests during the last 24 hours. Additional requests can be made at "${formatResetHeader(resetAt)}".`,
      );
    }
    state.quota.remaining -= 1;
    state.requests += 1;
  };

  const injectFailure = () => {
    const f = state.failures;
    if (f.remaining <= 0) return;
    f.remaining -= 1;
    throw fail(f.status, f.code, f.message);
  };

  app.addHook('onRequest', async (req) => {
    if (state.latencyMs > 0) await sleep(state.latencyMs);
    const login = isLogin(req);
    // Every call but login counts against the quota, failures included (Arena REST API
    // documentation, "Rate Limits"): a 415, a 401 and an unknown route cost a request like a
    // success does.
    if (!login) countRequest();
    if (!isJson(req.headers['content-type'])) throw unsupportedMediaType();
    if (login) return;
    authenticate(req);
    injectFailure();
  });

  // Every change arrives as a successful POST, PUT or DELETE; sign-in and sign-out change nothing kept.
  // Saved before the reply leaves, so a caller that got its reply can rely on the file.
  app.addHook('onSend', async (req, reply) => {
    const path = req.url.split('?')[0];
    if (stateFile && req.method !== 'GET' && reply.statusCode < 400 && path !== '/v1/login' && path !== '/v1/logout') saveArenaState(stateFile, state);
  });

  app.addHook('onSend', async (_req, reply) => {
    rollQuota();
    reply.header('Server', 'ArenaSolutions');
    reply.header('X-Arena-Requests-Remaining', String(state.quota.remaining));
    reply.header('X-Arena-Next-Request-Limit-Reset', formatResetHeader(state.quota.resetAt));
  });

  app.setErrorHandler((err: FastifyError | ArenaFailure, _req, reply) => {
    if (err instanceof ArenaFailure) return reply.code(err.status).send(err.envelope);
    const status = err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    const message = status === 500 ? defaultMessage(500) : err.message;
    return reply.code(status).send({ status, errors: [{ code: status, message }] });
  });

  app.setNotFoundHandler((_req, reply) => reply.code(404).send(routeNotFound().envelope));

  app.register(
    async (v1) => {
      sessionRoutes(v1, ctx);
      settingsRoutes(v1, ctx);
      processRoutes(v1, ctx);
      statusRoutes(v1, ctx);
      stepRoutes(v1, ctx);
    },
    { prefix: '/v1' },
  );

  const control: ArenaEmulatorControl = {
    failNext(count, failure) {
      state.failures = {
        remaining: count,
        status: failure.status,
        code: failure.code ?? failure.status,
        message: failure.message ?? defaultMessage(failure.status),
      };
    },
    setLatency(ms) {
      state.latencyMs = ms;
    },
    expireSessions() {
      state.sessions.clear();
    },
    reset() {
      resetState(state, clock);
      if (stateFile) saveArenaState(stateFile, state);
    },
  };
  return { app, control, state };
}
