import type { FastifyBaseLogger } from 'fastify';
import type { LogLabel, LogProcess } from '#shared/contract/logs';
import type { Db } from '../db/client.ts';
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

/** At most this many entries go in one INSERT; the rest wait for the next one. */
const MAX_BATCH = 500;

/** A description is cut to this many characters: what the column is meant to hold. */
export const LOG_DESCRIPTION_MAX = 2000;

/**
 * A success line written by the statement that makes the change (decision 036), in the same
 * commit: its description is `before` + an id only that statement knows + `after`.
 */
export interface InlineLogLine {
  process: LogProcess;
  before: string;
  after: string;
}

interface Pending {
  time: Date;
  label: LogLabel;
  process: LogProcess;
  description: string;
  done: () => void;
}

/** One prepared statement for a batch of any size: the entries as four arrays, in order. */
const INSERT_BATCH = {
  name: 'system_log_batch',
  text: 'insert into system_logs (time, label, process, description) select * from unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[])',
};

/**
 * Entries are written in batches (decision 033): while one INSERT is in flight, the entries that
 * arrive meanwhile wait and go together in the next, one statement and one commit for all of them.
 * Under load that is one write for many actions instead of one each; alone, an entry is written at
 * once. Each caller still waits until its own entry is stored, so an action that awaited its log
 * line answers only after the line is there, and entries keep the order they were made in.
 */
export function createSystemLog(db: Db, clock: Clock, logger?: FastifyBaseLogger): SystemLog {
  let queue: Pending[] = [];
  let flushing = false;

  async function flush(): Promise<void> {
    flushing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, MAX_BATCH);
        queue = queue.slice(batch.length);
        try {
          await db.$client.query({ ...INSERT_BATCH, values: [batch.map((p) => p.time), batch.map((p) => p.label), batch.map((p) => p.process), batch.map((p) => p.description)] });
        } catch (err) {
          // A log that cannot be written must not fail the action it describes.
          logger?.error({ err, entries: batch.length }, 'could not write the system log');
        }
        for (const p of batch) p.done();
      }
    } finally {
      flushing = false;
    }
  }

  function write(label: LogLabel, process: LogProcess, description: string): Promise<void> {
    return new Promise<void>((done) => {
      // A NUL (PostgreSQL text refuses it), say in an outside system's error text, would fail the
      // whole batch: it goes, and the description is cut to what the column is meant to hold.
      queue.push({ time: clock.now(), label, process, description: description.replaceAll('\0', '').slice(0, LOG_DESCRIPTION_MAX), done });
      if (!flushing) void flush();
    });
  }
  return {
    success: (process, description) => write('success', process, description),
    error: (process, description) => write('error', process, description),
  };
}
