import { STATUS_CODES } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import formbody from '@fastify/formbody';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyLoggerOptions, type FastifyReply, type FastifyRequest } from 'fastify';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { JOTFORM_HOME_ZONE, jotformDay, jotformTimestamp } from './account-time.ts';
import type { EmulatorContext } from './context.ts';
import { EmulatedHttpError, markStart, notAuthorized, pathLabel, sendError, setLimitLeft } from './envelope.ts';
import { demoFixtures, demoRawAnswers } from './fixtures.ts';
import { formRoutes } from './forms.routes.ts';
import { loadJotformState, saveJotformState } from './persistence.ts';
import { questionRoutes } from './questions.routes.ts';
import { applySubmissionEdit, insertSubmission, nextSubmissionId, submissionView } from './store.ts';
import { createState } from './store.ts';
import type { EmuForm, EmuSubmission, EmulatorFixtures, EmulatorState, RawAnswers } from './types.ts';
import { type WebhookDelivery, deliverWebhooks } from './webhook-delivery.ts';
import { webhookRoutes } from './webhooks.routes.ts';

export interface JotformEmulatorOptions {
  /** The only key accepted (APIKEY header or apiKey query parameter). */
  apiKey: string;
  clock?: Clock;
  /** Default: the demo form "Complaint Form - BTS" with its submissions, dated from the clock. */
  fixtures?: EmulatorFixtures;
  /** A logger instance (e.g. the portal's, as a child) or Fastify logger options; default silent. */
  logger?: FastifyBaseLogger | FastifyLoggerOptions | boolean;
  /** Calls per day before 429 "API-Limit exceeded"; default 10 000 (a Bronze plan). */
  dailyLimit?: number;
  /**
   * How the daily limit is refused: HTTP status and envelope responseCode, default 429 and 429.
   * JotForm has also replied to it with 403, and with HTTP 200 and 403 in the envelope: only the
   * message, "API-Limit exceeded", is the same every time.
   */
  dailyLimitReply?: { httpStatus: number; responseCode: number };
  /** JSON file that keeps forms, questions and submissions across restarts (sandbox mode); none keeps memory only. */
  stateFile?: string;
  /** The account's time zone, in which timestamps are written; default US-Eastern (JotForm's own). */
  timeZone?: string;
  /**
   * Reply as an API that ignores the `updated_at` filter would: JotForm's documentation shows filtering
   * and ordering by created_at only, so the portal must work either way.
   */
  ignoresUpdatedAtFilter?: boolean;
}

export interface SubmissionPatch {
  answers?: RawAnswers;
  status?: string;
  new?: '0' | '1';
  flag?: '0' | '1';
  notes?: string;
}

interface InjectedFailure {
  /** Requests still replied to normally before the failures begin. */
  after: number;
  remaining: number;
  status: number;
  message: string;
}

const REQUEST_HISTORY = 1_000;

function scrubKey(url: string): string {
  return url.replace(/([?&]apiKey=)[^&]*/i, '$1***');
}

/**
 * A standalone Fastify app speaking JotForm's REST API (JotForm API documentation) over the
 * in-memory state, with and without the /v1 prefix, plus controls for tests and sandbox mode.
 *
 * Where JotForm's documentation is silent the emulator chooses: 404 only for unknown routes, so unknown
 * forms, submissions, questions and webhook ids are all 401 "You're not authorized to use (…)";
 * lists default to created_at DESC and cap `limit` at 1000; an unknown filter field or operator is
 * a 400 rather than ignored; webhook ids are not renumbered after a delete; timestamps are written
 * on the account's wall clock (`timeZone`) and the quota day is US-Eastern (account-time.ts).
 */
export function createJotformEmulator(options: JotformEmulatorOptions) {
  const clock = options.clock ?? systemClock;
  const timeZone = options.timeZone ?? JOTFORM_HOME_ZONE;
  const state: EmulatorState = createState(options.fixtures ?? demoFixtures(clock.now(), timeZone), options.dailyLimit ?? 10_000, clock.now(), timeZone);
  const { logger, stateFile } = options;
  if (stateFile) loadJotformState(stateFile, state);
  const save = () => {
    if (stateFile) saveJotformState(stateFile, state);
  };
  const common = { routerOptions: { ignoreTrailingSlash: true }, logController: new LogController({ disableRequestLogging: true }) };
  // Fastify 5 takes a ready logger only as `loggerInstance`.
  const app: FastifyInstance =
    typeof logger === 'object' && 'child' in logger && typeof logger.child === 'function'
      ? Fastify({ ...common, loggerInstance: logger as FastifyBaseLogger })
      : Fastify({ ...common, logger: (logger as FastifyLoggerOptions | boolean | undefined) ?? false });
  const limitReply = options.dailyLimitReply ?? { httpStatus: 429, responseCode: 429 };
  let failure: InjectedFailure | null = null;
  const pending = new Set<Promise<unknown>>();
  let latencyMs = 0;
  let added = 0;

  async function deliver(form: EmuForm, submission: EmuSubmission): Promise<WebhookDelivery[]> {
    const deliveries = await deliverWebhooks(form, submission, state.username);
    for (const d of deliveries.filter((x) => x.status === null || x.status >= 300)) {
      // The origin only: the path of a portal webhook URL carries its secret.
      app.log.warn({ origin: new URL(d.url).origin, status: d.status, error: d.error }, 'webhook delivery failed');
    }
    return deliveries;
  }

  const ctx: EmulatorContext = {
    state,
    clock,
    ignoredFilters: options.ignoresUpdatedAtFilter ? ['updated_at'] : [],
    submitted(form, submission) {
      const p = deliver(form, submission).finally(() => pending.delete(p));
      pending.add(p);
    },
  };

  function authenticate(request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void {
    const header = request.headers.apikey;
    const key = (Array.isArray(header) ? header[0] : header) ?? (request.query as Record<string, unknown>)?.apiKey;
    if (key !== options.apiKey) return done(notAuthorized(request));
    const today = jotformDay(clock.now(), JOTFORM_HOME_ZONE);
    if (today !== state.quotaDay) {
      state.quotaDay = today;
      state.limitLeft = state.dailyLimit;
    }
    if (state.limitLeft <= 0) return done(new EmulatedHttpError(limitReply.responseCode, 'API-Limit exceeded', null, limitReply.httpStatus));
    state.limitLeft -= 1;
    setLimitLeft(request, state.limitLeft);
    done();
  }

  app.register(formbody);
  app.addHook('onRequest', async (request, reply) => {
    markStart(request);
    if (latencyMs > 0) await sleep(latencyMs);
    if (!failure) return;
    if (failure.after > 0) {
      failure.after -= 1;
      return;
    }
    const { status, message } = failure;
    failure.remaining -= 1;
    if (failure.remaining <= 0) failure = null;
    return sendError(request, reply, status, message);
  });
  app.addHook('onResponse', async (request, reply) => {
    state.requests.push({ method: request.method, url: scrubKey(request.url), status: reply.statusCode });
    // Sandbox mode runs for days: keep the recent history only.
    if (state.requests.length > REQUEST_HISTORY) state.requests.splice(0, state.requests.length - REQUEST_HISTORY);
  });
  // Saved before the reply leaves, so a caller that got its reply can rely on the file.
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400) save();
  });
  app.setErrorHandler((error: FastifyError | EmulatedHttpError, request, reply) => {
    if (error instanceof EmulatedHttpError) return sendError(request, reply, error.statusCode, error.message, error.info, error.httpStatus);
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'emulator failure');
    return sendError(request, reply, status, status >= 500 ? 'Internal Server Error' : error.message);
  });
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 404, `Requested URL (${pathLabel(request.url)}) is not available!`));

  for (const prefix of ['', '/v1']) {
    app.register(
      async (api) => {
        api.addHook('onRequest', authenticate);
        formRoutes(api, ctx);
        questionRoutes(api, ctx);
        webhookRoutes(api, ctx);
      },
      { prefix },
    );
  }

  function formOrThrow(formId?: string): EmuForm {
    const form = formId ? state.forms.get(formId) : state.forms.values().next().value;
    if (!form) throw new Error(`The JotForm emulator has no form ${formId ?? ''}`.trim());
    return form;
  }

  return {
    app,
    state,
    /** The first form's id (the demo complaint form by default). */
    formId: formOrThrow().id,

    /** Listens on 127.0.0.1 with a free port; returns the base URL to give the client. */
    async listen(port = 0): Promise<string> {
      return app.listen({ host: '127.0.0.1', port });
    },

    /** Waits for background webhook deliveries, then stops the server. */
    async close(): Promise<void> {
      await Promise.allSettled([...pending]);
      await app.close();
    },

    /** Resolves when webhook deliveries started by HTTP submissions are done. */
    async settled(): Promise<void> {
      await Promise.allSettled([...pending]);
    },

    /**
     * The next `count` requests reply `status` (default text per status; for 429 it is the
     * quota message), once `after` more have been replied to normally (default none). Replaces any
     * failures still pending; a count of 0 clears them.
     */
    failNext(count: number, status: number, message?: string, opts: { after?: number } = {}): void {
      const text = message ?? (status === 429 ? 'API-Limit exceeded' : (STATUS_CODES[status] ?? `HTTP ${status}`));
      failure = count > 0 ? { after: opts.after ?? 0, remaining: count, status, message: text } : null;
    },

    /** Every request waits this long before being handled. */
    setLatency(ms: number): void {
      latencyMs = Math.max(0, ms);
    },

    /**
     * A new submission now (realistic demo values overridden by `answers`, keyed by qid), then
     * the webhook POST to every registered URL; resolves once all deliveries have been replied to.
     */
    async addSubmission(answers: RawAnswers = {}, opts: { formId?: string; ip?: string } = {}) {
      const form = formOrThrow(opts.formId);
      const defaults = Object.fromEntries(Object.entries(demoRawAnswers(added++, clock.now(), timeZone)).filter(([qid]) => form.questions.has(qid)));
      const submission = insertSubmission(state, form, {
        id: nextSubmissionId(state),
        created_at: jotformTimestamp(clock.now(), timeZone),
        ip: opts.ip ?? `198.51.100.${(added % 250) + 1}`,
        answers: { ...defaults, ...answers },
      });
      save();
      const deliveries = await deliver(form, submission);
      return { id: submission.id, submission: submissionView(state, submission), deliveries };
    },

    /** Changes a submission as an edit in JotForm's inbox would, bumping updated_at. */
    editSubmission(id: string, patch: SubmissionPatch) {
      const submission = state.submissions.get(id);
      if (!submission) throw new Error(`The JotForm emulator has no submission ${id}`);
      const edited = applySubmissionEdit(state, submission, patch, clock.now());
      save();
      return submissionView(state, edited);
    },
  };
}

export type JotformEmulator = ReturnType<typeof createJotformEmulator>;
