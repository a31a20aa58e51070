export type JotformErrorKind = 'auth' | 'not_found' | 'quota' | 'rate_limited' | 'unavailable' | 'timeout' | 'bad_response' | 'bad_request';

/**
 * Any failure talking to JotForm. `message` is written for portal users (it may be shown as is)
 * and never carries the API key. `status` is the HTTP status (the envelope's code when HTTP said
 * 200 but the envelope did not; null when no reply came back), `responseCode` the envelope's own
 * code when there was one.
 */
export class JotformError extends Error {
  readonly kind: JotformErrorKind;
  readonly status: number | null;
  readonly responseCode: number | null;
  /** How long JotForm asked us to wait (Retry-After), when it said. */
  readonly retryAfterMs: number | null;

  constructor(
    kind: JotformErrorKind,
    message: string,
    opts: { status?: number | null; responseCode?: number | null; retryAfterMs?: number | null; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'JotformError';
    this.kind = kind;
    this.status = opts.status ?? null;
    this.responseCode = opts.responseCode ?? null;
    this.retryAfterMs = opts.retryAfterMs ?? null;
  }
}

export interface FailedReply {
  status: number;
  responseCode: number | null;
  /** JotForm's own `message`, already scrubbed of the key. */
  upstreamMessage: string;
  /** What the call was about, e.g. "submission 123"; null for account-wide calls. */
  subject: string | null;
  retryAfterMs: number | null;
}

/** The daily quota is spent: retrying before midnight US-Eastern only burns time. */
export function isQuotaMessage(message: string): boolean {
  return /api-limit/i.test(message);
}

/** Turns a non-2xx reply (HTTP status or envelope code) into a JotformError with a message for people. */
export function errorFromReply(a: FailedReply): JotformError {
  const code = a.status;
  const opts = { status: a.status, responseCode: a.responseCode, retryAfterMs: a.retryAfterMs };
  if (isQuotaMessage(a.upstreamMessage)) {
    return new JotformError('quota', 'JotForm’s daily API limit is used up; calls work again after midnight US-Eastern.', opts);
  }
  if (code === 401) {
    const message = a.subject
      ? `JotForm refused access to ${a.subject}: it does not exist or the API key cannot see it.`
      : 'JotForm refused the API key.';
    return new JotformError('auth', message, opts);
  }
  if (code === 403) {
    return new JotformError('auth', 'JotForm refused the request: the API key lacks permission (a read-only key cannot change forms).', opts);
  }
  if (code === 404) {
    return new JotformError('not_found', 'JotForm does not offer this address; check the JotForm base URL.', opts);
  }
  if (code === 429) return new JotformError('rate_limited', 'JotForm is limiting requests right now; try again in a minute.', opts);
  if (code >= 500) return new JotformError('unavailable', `JotForm is unavailable (HTTP ${code}); try again later.`, opts);
  const detail = a.upstreamMessage ? `: ${a.upstreamMessage}` : ` (HTTP ${code})`;
  return new JotformError('bad_request', `JotForm rejected the request${detail}`, opts);
}

export function timeoutError(timeoutMs: number, cause: unknown): JotformError {
  const seconds = Number((timeoutMs / 1000).toFixed(1));
  return new JotformError('timeout', `JotForm did not reply within ${seconds} s.`, { cause });
}

/** fetch rejected without an answer: DNS, refused connection, reset… */
export function networkError(cause: unknown): JotformError {
  const code = networkCode(cause);
  const why = code ? ` (${code})` : '';
  return new JotformError('unavailable', `Could not reach JotForm${why}; check the network and the JotForm base URL.`, { cause });
}

export function badResponse(detail: string, status: number, responseCode: number | null = null): JotformError {
  return new JotformError('bad_response', `JotForm sent a reply the portal does not understand (${detail}).`, { status, responseCode });
}

/** undici hides the system error code in `cause`. */
export function networkCode(err: unknown): string | null {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
