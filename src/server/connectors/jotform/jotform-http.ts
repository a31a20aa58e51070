import type { z } from 'zod';
import { isHttpsOrLoopback, redirectMessage } from '../../lib/outside-url.ts';
import { JotformError, badResponse, errorFromReply, isQuotaMessage, networkCode, networkError, timeoutError } from './jotform-error.ts';
import { type Envelope, EnvelopeSchema, type JotformResultSet, ResultSetSchema } from './jotform-schemas.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface JotformRequest {
  method: HttpMethod;
  /** Path below the base URL, ids already encoded. */
  path: string;
  query?: Record<string, string | number | undefined>;
  form?: URLSearchParams;
  json?: unknown;
  /** What the call is about ("submission 123"), for error messages. */
  subject?: string;
}

export interface JotformReply<T> {
  content: T;
  resultSet: JotformResultSet | null;
  limitLeft: number | null;
}

/** What every reply JotForm gives says of the daily quota: the calls left after it (null when it did not say). */
export interface QuotaReply {
  limitLeft: number | null;
}

export interface TransportOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** Extra attempts after the first. */
  retries: number;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
}

const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 8_000;
const RETRY_AFTER_CAP_MS = 30_000;
/** Errors that mean the request never reached JotForm, so even a write may be sent again. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Reads are retried on 429 (not quota), 5xx and network failures. Writes could be applied twice,
 * so they are retried only when JotForm said it did not do them (429, 503) or never got them.
 * Timeouts are not retried: the caller already waited the whole timeout once.
 */
function shouldRetry(err: JotformError, method: HttpMethod): boolean {
  if (err.kind !== 'rate_limited' && err.kind !== 'unavailable') return false;
  if (method === 'GET') return true;
  if (err.status === 429 || err.status === 503) return true;
  return err.status === null && NOT_SENT_CODES.has(networkCode(err.cause) ?? '');
}

function backoffMs(retryNumber: number, err: JotformError): number {
  if (err.retryAfterMs !== null) return Math.min(err.retryAfterMs, RETRY_AFTER_CAP_MS);
  return Math.min(BACKOFF_BASE_MS * 2 ** (retryNumber - 1), BACKOFF_CAP_MS);
}

function retryAfter(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unexpected content';
  const where = issue.path.length ? issue.path.join('.') : 'content';
  return `${where}: ${issue.message}`;
}

export function createTransport(opts: TransportOptions) {
  const base = opts.baseUrl.replace(/\/+$/, '');
  if (!isHttpsOrLoopback(new URL(base))) throw new Error('The JotForm base URL must be https: (http: only on loopback).');
  let limitLeft: number | null = null;
  const replyListeners: ((reply: QuotaReply) => void)[] = [];
  /** Every reply counts against the day's quota, a refusal too; one refused for the quota leaves none. */
  const replied = (left: number | null) => {
    if (left !== null) limitLeft = left;
    for (const listener of replyListeners) listener({ limitLeft: left });
  };
  const scrub = (text: string) => (opts.apiKey ? text.split(opts.apiKey).join('***') : text);

  function urlOf(req: JotformRequest): string {
    const url = new URL(base + req.path);
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url.toString();
  }

  async function once(req: JotformRequest): Promise<{ envelope: Envelope; status: number }> {
    const headers: Record<string, string> = { APIKEY: opts.apiKey, Accept: 'application/json' };
    let body: string | undefined;
    if (req.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = req.form.toString();
    } else if (req.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(req.json);
    }
    let res: Response;
    let text: string;
    try {
      // One signal covers connecting and reading the body: a stalled body is a timeout too.
      const signal = AbortSignal.timeout(opts.timeoutMs);
      res = await opts.fetch(urlOf(req), { method: req.method, headers, body, signal, redirect: 'manual' });
      text = await res.text();
    } catch (err) {
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) throw timeoutError(opts.timeoutMs, err);
      throw networkError(err);
    }
    if (res.status >= 300 && res.status < 400) {
      throw new JotformError('bad_response', `JotForm ${redirectMessage(res.status, res.headers.get('location'))}.`, { status: res.status });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = EnvelopeSchema.safeParse(json);
    const envelope = parsed.success ? parsed.data : null;
    const code = envelope?.responseCode ?? null;
    // JotForm's words: the envelope's message, or the whole reply when it is no envelope.
    const said = typeof envelope?.message === 'string' ? envelope.message.trim() : envelope ? '' : text.trim().slice(0, 300);
    // The daily limit is known by its message, whatever the HTTP status or code beside it.
    const quota = isQuotaMessage(said) || (typeof envelope?.content === 'string' && isQuotaMessage(envelope.content));
    const failed = !res.ok || quota || (code !== null && (code < 200 || code > 299));
    replied(quota ? 0 : typeof envelope?.['limit-left'] === 'number' ? envelope['limit-left'] : null);
    if (failed) {
      throw errorFromReply({
        status: res.ok && code !== null ? code : res.status,
        responseCode: code,
        upstreamMessage: scrub(quota && !isQuotaMessage(said) ? 'API-Limit exceeded' : said),
        subject: req.subject ?? null,
        retryAfterMs: retryAfter(res.headers),
      });
    }
    if (!envelope) throw badResponse(json === undefined ? 'not JSON' : 'no response envelope', res.status);
    return { envelope, status: res.status };
  }

  return {
    /** Sends the request (retrying as allowed), checks HTTP status and envelope, parses `content`. */
    async request<T>(req: JotformRequest, schema: z.ZodType<T>): Promise<JotformReply<T>> {
      for (let attempt = 0; ; attempt++) {
        try {
          const { envelope, status } = await once(req);
          const content = schema.safeParse(envelope.content);
          if (!content.success) throw badResponse(describeIssue(content.error), status, envelope.responseCode ?? null);
          const rs = ResultSetSchema.safeParse(envelope.resultSet);
          return { content: content.data, resultSet: rs.success ? rs.data : null, limitLeft };
        } catch (err) {
          if (!(err instanceof JotformError) || attempt >= opts.retries || !shouldRetry(err, req.method)) throw err;
          await opts.sleep(backoffMs(attempt + 1, err));
        }
      }
    },
    limitLeft: () => limitLeft,
    /** Tells `listener` of every reply JotForm gives (each is a call of the day's quota). */
    onReply: (listener: (reply: QuotaReply) => void) => void replyListeners.push(listener),
  };
}
