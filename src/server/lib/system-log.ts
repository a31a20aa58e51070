import type { FastifyBaseLogger } from 'fastify';
import type { LogLabel, LogProcess } from '#shared/contract/logs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
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

/** The savepoint a line written on its change's transaction is kept in. */
const SAVEPOINT = 'system_log_line';

/**
 * One INSERT per entry: after the change it describes has committed, or on the change's own
 * transaction `tx`, in a savepoint of its own. A line that cannot be written is reported to the
 * server log and the action goes on (on `tx`, only the line is rolled back): the audit trail, not
 * this log, is the record of the change.
 *
 * On `tx` the savepoint, the insert and the savepoint's release travel in one message, a round
 * trip instead of three (decision 060): a message of several statements takes no parameters, so
 * the line's values are written into the insert as literals quoted by the driver
 * (`pg.escapeLiteral`). When the insert fails, the statements after it do not run, and the line
 * alone is rolled back to the savepoint.
 */
export function createSystemLog(db: Db, clock: Clock, logger?: FastifyBaseLogger): SystemLog {
  /** The insert of `line` with its values as literals. */
  function inlined(line: typeof systemLogs.$inferInsert): string {
    const { sql: text, params } = db.insert(systemLogs).values(line).toSQL();
    return text.replace(/\$(\d+)/g, (_, n: string) => pg.escapeLiteral(String(params[Number(n) - 1])));
  }

  async function writeOn(tx: Tx, line: typeof systemLogs.$inferInsert): Promise<void> {
    try {
      await tx.execute(sql.raw(`savepoint ${SAVEPOINT}; ${inlined(line)}; release savepoint ${SAVEPOINT}`));
    } catch (err) {
      // Only the line goes; were the transaction itself lost, the change's commit reports it.
      await tx.execute(sql.raw(`rollback to savepoint ${SAVEPOINT}`)).catch(() => undefined);
      throw err;
    }
  }

  async function write(label: LogLabel, process: LogProcess, description: string, tx?: Tx): Promise<void> {
    // PostgreSQL text refuses a NUL (say in an outside system's error text): it goes.
    const line = { time: clock.now(), label, process, description: description.replaceAll('\0', '').slice(0, LOG_DESCRIPTION_MAX) };
    try {
      if (tx) await writeOn(tx, line);
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
