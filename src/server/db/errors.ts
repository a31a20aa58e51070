/**
 * A unique-constraint violation (SQLSTATE 23505), as raised by either driver; Drizzle may wrap
 * the driver's error in `cause`.
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * Connection-level failures and the SQLSTATEs of a server that is shutting down, starting,
 * recovering or full: the database is unavailable for now, which is no fault of the request.
 */
const UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && UNAVAILABLE.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/**
 * A database failure told without its data, for the system log: Drizzle's message carries the
 * statement's parameters (answers, e-mail addresses). Null when `err` is no database failure.
 */
export function databaseFailure(err: unknown): string | null {
  for (let e = err as { query?: unknown; code?: unknown; table?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.query === 'string' || (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))) {
      const pg = (typeof e.code === 'string' ? e : (e.cause as typeof e | undefined)) ?? {};
      const code = typeof pg.code === 'string' ? ` (SQLSTATE ${pg.code}${typeof pg.table === 'string' ? ` on ${pg.table}` : ''})` : '';
      return isDatabaseUnavailable(err) ? 'the database is not available' : `the database refused the change${code}`;
    }
  }
  return isDatabaseUnavailable(err) ? 'the database is not available' : null;
}
