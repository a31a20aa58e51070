import type { FastifyBaseLogger } from 'fastify';
import type { LogLabel, LogProcess } from '#shared/contract/logs';
import type { Db } from '../db/client.ts';
import { systemLogs } from '../db/schema/index.ts';
import type { Clock } from './clock.ts';

/**
 * The system log every feature writes to (docs/product.md, Logs and audit trail). Descriptions are for admins:
 * never a secret, token, password or free-text answer.
 */
export interface SystemLog {
  /** Resolves once the entry is stored (or could not be: a log never fails the action it describes). */
  success(process: LogProcess, description: string): Promise<void>;
  error(process: LogProcess, description: string): Promise<void>;
}

/** A description is cut to this many characters: what the column is meant to hold. */
export const LOG_DESCRIPTION_MAX = 2000;

/**
 * One INSERT per entry, after the change it describes has committed. A line that cannot be written
 * is reported to the server log and the action goes on: the audit trail, not this log, is the
 * record of the change. (The follow-up save writes its line in its own statement, decision 044.)
 */
export function createSystemLog(db: Db, clock: Clock, logger?: FastifyBaseLogger): SystemLog {
  async function write(label: LogLabel, process: LogProcess, description: string): Promise<void> {
    try {
      // PostgreSQL text refuses a NUL (say in an outside system's error text): it goes.
      await db.insert(systemLogs).values({ time: clock.now(), label, process, description: description.replaceAll('\0', '').slice(0, LOG_DESCRIPTION_MAX) });
    } catch (err) {
      logger?.error({ err }, 'could not write the system log');
    }
  }
  return {
    success: (process, description) => write('success', process, description),
    error: (process, description) => write('error', process, description),
  };
}
