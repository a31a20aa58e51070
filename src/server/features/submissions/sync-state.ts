import { eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { syncState } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * The poll's own bookkeeping in the database (its cursor, the last poll, the day's JotForm calls,
 * the first sync's progress), so every instance reads the same and a restart goes on where the
 * last run stopped. Not business data: no audit entries.
 */
export function createSyncState(db: Db, clock: Clock) {
  return {
    async read<T>(key: string): Promise<T | undefined> {
      const [row] = await db.select().from(syncState).where(eq(syncState.key, key)).limit(1);
      return row?.value as T | undefined;
    },
    /** On `q`, a transaction, it commits with the change it belongs to. */
    async write(key: string, value: unknown, q: Queryable = db): Promise<void> {
      const at = clock.now();
      await q.insert(syncState).values({ key, value, updatedAt: at }).onConflictDoUpdate({ target: syncState.key, set: { value, updatedAt: at } });
    },
    async remove(key: string): Promise<void> {
      await db.delete(syncState).where(eq(syncState.key, key));
    },
  };
}
export type SyncState = ReturnType<typeof createSyncState>;
