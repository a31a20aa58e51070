import type { IncomingMessage } from 'node:http';
import pino from 'pino';

/** A Drizzle query error (or anything wrapping one): the statement without its parameters. */
interface QueryFailure {
  query?: unknown;
  params?: unknown;
  cause?: unknown;
}
/** node-postgres's DatabaseError: SQLSTATE and names of what failed, whose message and detail may quote values. */
interface PgFailure {
  code?: unknown;
  severity?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  routine?: unknown;
}

const isPgFailure = (e: unknown): e is PgFailure =>
  !!e && typeof e === 'object' && typeof (e as PgFailure).code === 'string' && /^[0-9A-Z]{5}$/.test((e as { code: string }).code) && 'severity' in e;

/**
 * Errors for the log, never their data: a database error becomes its statement text, SQLSTATE
 * and the names of the table, column or constraint involved. Drizzle's message carries the
 * query's parameters and PostgreSQL's message and detail quote values (an e-mail, a password
 * hash, an answer), so neither is logged.
 */
export function serializeError(err: unknown): unknown {
  let statement: string | undefined;
  for (let e = err as QueryFailure | undefined, depth = 0; e && typeof e === 'object' && depth < 5; e = e.cause as QueryFailure | undefined, depth++) {
    if (typeof e.query === 'string') statement ??= e.query.slice(0, 2000);
    if (isPgFailure(e)) {
      const { code, severity, table, column, constraint, routine } = e;
      return { type: 'DatabaseError', statement, code, severity, table, column, constraint, routine };
    }
  }
  if (statement !== undefined) {
    const cause = (err as QueryFailure).cause as { code?: unknown; name?: unknown } | undefined;
    return { type: 'DatabaseError', statement, code: cause?.code, cause: cause?.name };
  }
  return pino.stdSerializers.err(err as Error);
}

/**
 * A request for the log: method and path only. Query values may be search text (a submitter's
 * name) and the JotForm webhook's path carries its secret.
 */
export function serializeRequest(req: IncomingMessage & { id?: unknown; ip?: unknown }): Record<string, unknown> {
  const [path = '', query] = (req.url ?? '').split('?', 2);
  const keys = query ? [...new URLSearchParams(query).keys()].map((k) => `${encodeURIComponent(k)}=…`).join('&') : '';
  return {
    id: req.id,
    method: req.method,
    url: `${path.replace(/(\/webhook\/)[^/]+/, '$1…')}${keys ? `?${keys}` : ''}`,
    remoteAddress: req.socket?.remoteAddress,
  };
}

export const LOG_SERIALIZERS = { err: serializeError, req: serializeRequest };
