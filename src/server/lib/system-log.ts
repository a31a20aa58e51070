import type { FastifyBaseLogger } from 'fastify';
import type { LogLabel, LogProcess } from '#shared/contract/logs';
import type { Db } from '../db/client.ts';
import { systemLogs } from '../db/schema/index.ts';
import type { Clock } from './clock.ts';

/**
 * The system log every feature writes to (spec §3 "Log entry"). Descriptions are for admins:
 * never a secret, token, password or free-text answer.
 */
export interface SystemLog {
  success(process: LogProcess, description: string): Promise<void>;
  error(process: LogProcess, description: string): Promise<void>;
}

export function createSystemLog(db: Db, clock: Clock, logger?: FastifyBaseLogger): SystemLog {
  async function write(label: LogLabel, process: LogProcess, description: string): Promise<void> {
    try {
      await db.insert(systemLogs).values({ time: clock.now(), label, process, description: description.slice(0, 2000) });
    } catch (err) {
      // A log that cannot be written must not fail the action it describes.
      logger?.error({ err, process, label }, 'could not write the system log');
    }
  }
  return {
    success: (process, description) => write('success', process, description),
    error: (process, description) => write('error', process, description),
  };
}
