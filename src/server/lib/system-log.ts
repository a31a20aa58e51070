import type { FastifyBaseLogger } from 'fastify';
import type { LogLabel, LogProcess } from '#shared/contract/logs';
import { sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../db/client.ts';
import { systemLogs } from '../db/schema/index.ts';
import type { Clock } from './clock.ts';

/**
 * The system log every feature writes to (docs/product.md, Logs and audit trail). Descriptions are for admins:
 * never a secret, token, password or free-text answer.
 */
export interface SystemLog {
  /**
   * Resolves once the entry is stored (or could not be: a log never fails the action it describes).
   * With `tx`, the transaction of the change it describes, the line is written in it and commits
   * with it (or not at all), on the change's own connection.
   */
  success(process: LogProcess, description: string, tx?: Tx): Promise<void>;
  error(process: LogProcess, description: string, tx?: Tx): Promise<void>;
}

/** A description is cut to this many characters: what the column is meant to hold. */
const LOG_DESCRIPTION_MAX = 2000;

/**
 * One INSERT per entry: after the change it describes has committed, or on the change's own
 * transaction `tx`, in a savepoint of its own. A line that cannot be written is reported to the
 * server log and the action goes on (on `tx`, only the line is rolled back): the audit trail, not
 * this log, is the record of the change.
 */
export function createSystemLog(db: Db, clock: Clock, logger?: FastifyBaseLogger): SystemLog {
  async function write(label: LogLabel, process: LogProcess, description: string, tx?: Tx): Promise<void> {
    // PostgreSQL text refuses a NUL (say in an outside system's error text): it goes.
    const line = { time: clock.now(), label, process, description: description.replaceAll('\0', '').slice(0, LOG_DESCRIPTION_MAX) };
    try {
      if (tx) await tx.transaction((savepoint) => savepoint.insert(systemLogs).values(line));
      else await db.insert(systemLogs).values(line);
    } catch (err) {
      logger?.error({ err }, 'could not write the system log');
    }
  }
  return {
    success: (process, description, tx) => write('success', process, description, tx),
    error: (process, description, tx) => write('error', process, description, tx),
  };
}

/**
 * Empties the system log on `tx` (the clearing's own transaction, with its audit entry) and
 * returns how many entries it held. The log's one other write, kept beside the first.
 */
export async function clearSystemLog(tx: Queryable): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`with cleared as (delete from ${systemLogs} returning 1) select count(*)::int as n from cleared`);
  return rows[0]?.n ?? 0;
}
