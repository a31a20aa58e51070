import type { AuditRecord, AuditTrail, RecordedEntry } from '../lib/audit.ts';
import type { Db, Tx } from './client.ts';

/** One business change in progress: its queries run on `tx`, and `audit` writes its entry in the same transaction (returning the entry's id and time). */
export interface Work {
  tx: Tx;
  audit(entry: AuditRecord): Promise<RecordedEntry>;
  /**
   * Runs `effect` once the change has committed (not at all when it rolls back): for what must not
   * hold the transaction open, such as a system-log line, which takes a connection of its own.
   */
  afterCommit(effect: () => Promise<void>): void;
}

/**
 * Runs one business change: the change, its audit entry and any outbox message commit together
 * or not at all. A throw anywhere inside (the audit insert included) rolls the whole change back.
 */
export type UnitOfWork = <T>(change: (work: Work) => Promise<T>) => Promise<T>;

export function createUnitOfWork(db: Db, trail: AuditTrail): UnitOfWork {
  return async (change) => {
    const effects: (() => Promise<void>)[] = [];
    const result = await db.transaction((tx) => change({ tx, audit: (entry) => trail.record(entry, tx), afterCommit: (effect) => effects.push(effect) }));
    for (const effect of effects) await effect();
    return result;
  };
}
