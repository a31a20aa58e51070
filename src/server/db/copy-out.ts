import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/** One parameter as a literal: every type Drizzle hands the driver for the portal's filters. */
function literal(client: Pick<pg.Client, 'escapeLiteral'>, value: unknown, n: string): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return String(value);
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (typeof value === 'string') return client.escapeLiteral(value);
  throw new TypeError(`parameter $${n} of a COPY query has a type COPY cannot take (${typeof value})`);
}

/** A query with its parameters written in as literals: COPY takes no parameters. */
export function inlineParams(client: Pick<pg.Client, 'escapeLiteral'>, query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(client, query.params[Number(n) - 1], n));
}

const UNESCAPE: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

/** One field of COPY's text format: `\N` is NULL, backslash escapes as PostgreSQL writes them. */
function field(raw: string): string | null {
  if (raw === '\\N') return null;
  return raw.includes('\\') ? raw.replace(/\\(.)/g, (_, c: string) => UNESCAPE[c] ?? c) : raw;
}

/**
 * Streams the rows of `select` through `COPY (…) TO STDOUT`, in batches of text fields. The
 * server sends rows as it produces them, with none of the driver's per-row decoding: the fastest
 * way out of PostgreSQL. The connection is released when the walk ends, fails or is abandoned.
 */
export async function* copyRows(pool: pg.Pool, select: { sql: string; params: unknown[] }): AsyncGenerator<(string | null)[][]> {
  const client = await pool.connect();
  let failed: Error | undefined;
  let stream: ReturnType<typeof copyTo> | undefined;
  // Everything after the connection is taken is inside the try, so it goes back whatever fails.
  try {
    stream = client.query(copyTo(`COPY (${inlineParams(client, select)}) TO STDOUT`));
    let rest: Buffer = Buffer.alloc(0);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const data = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      const end = data.lastIndexOf(10);
      if (end === -1) {
        rest = data;
        continue;
      }
      // Only whole lines are decoded, so a character split across chunks is never cut.
      const lines = data.toString('utf8', 0, end).split('\n');
      rest = data.subarray(end + 1);
      // A line without a backslash has no NULL (\N) and no escape: its fields are as they stand.
      yield lines.map((line) => (line.includes('\\') ? line.split('\t').map(field) : line.split('\t')));
    }
  } catch (err) {
    failed = err as Error;
    throw err;
  } finally {
    if (stream && !stream.destroyed && !stream.readableEnded) {
      failed ??= new Error('abandoned');
      stream.destroy();
    }
    client.release(failed);
  }
}
