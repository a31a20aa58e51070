import { z } from 'zod';

/** `signin_paused`: Arena refused the integration user's sign-in and the back-off has not passed. */
export type ArenaErrorKind = 'auth' | 'signin_paused' | 'validation' | 'not_found' | 'rate_limited' | 'unavailable' | 'timeout' | 'bad_response';

/**
 * A failed Arena call. The message is meant for staff and the system log: it carries Arena's own
 * words and never the password or the session id.
 */
export class ArenaError extends Error {
  constructor(
    readonly kind: ArenaErrorKind,
    message: string,
    /** HTTP status from Arena; null when no reply came (timeout, network, local refusal). */
    readonly status: number | null = null,
    /** Arena's error codes, e.g. [3011]. */
    readonly codes: number[] = [],
    /** Arena's own words when this error repeats an earlier reply (a sign-in back-off), else null. */
    readonly arenaSaid: string | null = null,
  ) {
    super(message);
    this.name = 'ArenaError';
  }
}

const ErrorEnvelope = z.object({
  status: z.number().optional(),
  errors: z.array(z.object({ code: z.coerce.number().optional(), message: z.string().optional() })).default([]),
});

/** Codes Arena uses for a GUID that names nothing (it replies 400, not 404). */
const NOT_FOUND_CODES = new Set([3011, 3012]);
/** Login refusals: bad credentials, API not enabled, password expired, account locked. */
const LOGIN_CODES = new Set([4001, 4079, 4081, 4083]);

function kindOf(status: number, codes: number[], during: 'login' | 'call'): ArenaErrorKind {
  if (status === 429 || codes.includes(4084)) return 'rate_limited';
  if (status === 401 || status === 403) return 'auth';
  if (during === 'login' && (status === 400 || codes.some((c) => LOGIN_CODES.has(c)))) return 'auth';
  if (status >= 500 || status === 408) return 'unavailable';
  if (status === 404 || (codes.length > 0 && codes.every((c) => NOT_FOUND_CODES.has(c)))) return 'not_found';
  return 'validation';
}

const PREFIX: Record<ArenaErrorKind, string> = {
  auth: 'Arena refused the credentials',
  signin_paused: "Arena refused the integration user's sign-in",
  validation: 'Arena rejected the request',
  not_found: 'Arena rejected the request',
  rate_limited: 'Arena request limit reached',
  unavailable: 'Arena is unavailable',
  timeout: 'Arena did not reply in time',
  bad_response: 'Arena sent an unexpected response',
};

/** Builds the error for a non-2xx reply from its `{status, errors:[{code, message}]}` envelope. */
export function errorFromResponse(status: number, body: unknown, during: 'login' | 'call'): ArenaError {
  const envelope = ErrorEnvelope.safeParse(body);
  const entries = envelope.success ? envelope.data.errors : [];
  const codes = entries.flatMap((e) => (e.code === undefined ? [] : [e.code]));
  const messages = entries.flatMap((e) => (e.message ? [e.message.trim()] : []));
  const kind = kindOf(status, codes, during);
  const prefix = status === 403 ? 'Arena refused access' : status === 401 && during === 'call' ? 'Arena refused the session' : PREFIX[kind];
  const detail = messages.length > 0 ? messages.join(' ') : `HTTP ${status}.`;
  return new ArenaError(kind, `${prefix}: ${detail}`, status, codes);
}

export function timeoutError(timeoutMs: number): ArenaError {
  return new ArenaError('timeout', `${PREFIX.timeout}: no response within ${timeoutMs} ms.`);
}

/** A fetch that threw: the timeout signal fired or the network failed. */
export function transportError(err: unknown, timeoutMs: number): ArenaError {
  if (err instanceof ArenaError) return err;
  const name = err instanceof Error ? err.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return timeoutError(timeoutMs);
  const cause = err instanceof Error && err.cause instanceof Error ? ((err.cause as NodeJS.ErrnoException).code ?? err.cause.message) : undefined;
  const reason = err instanceof Error ? err.message : String(err);
  return new ArenaError('unavailable', `Arena could not be reached: ${reason}${cause ? ` (${cause})` : ''}.`);
}

export function badResponse(what: string, error: z.ZodError | string, status: number): ArenaError {
  const detail =
    typeof error === 'string'
      ? error
      : error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
          .join('; ');
  return new ArenaError('bad_response', `${PREFIX.bad_response} to ${what}: ${detail}.`, status);
}
