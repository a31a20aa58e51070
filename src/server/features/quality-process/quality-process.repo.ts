import { findSubmission } from '../submissions/index.ts';
import { type SQL, and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { ArenaChangedTransfer } from '#shared/contract/integrations';
import type { SubmissionStatus } from '#shared/contract/submissions';
import type { Db, Queryable } from '../../db/client.ts';
import { submissions, syncState } from '../../db/schema/index.ts';

export type TransferRow = typeof submissions.$inferSelect;

/** Where a transfer may start (docs/product.md, Statuses). */
export const TRANSFERABLE: readonly SubmissionStatus[] = ['Pending Transfer', 'Transfer Error'];

/** Where the latest transfers Arena kept otherwise than sent are listed for the Integrations page. */
const ARENA_CHANGES_KEY = 'arena:changed-values';
const ARENA_CHANGES_KEPT = 5;

type Outcome = Partial<Pick<TransferRow, 'submissionStatus' | 'chTitle' | 'chNumber' | 'arenaGuid' | 'transferError'>>;

/**
 * The transfer's queries on the submissions table. A transfer holds the row by a claim
 * (`transfer_started_at`), taken and released by guarded UPDATEs, never by a transaction held
 * across Arena's HTTP calls (docs/decisions/010).
 */
export function createQualityProcessRepo(db: Db) {
  /** Writes only while the claim taken at `claimedAt` is still this transfer's (on `q`: the database or a change's transaction). */
  async function whileClaimed(id: string, claimedAt: Date, values: Outcome & { transferStartedAt?: null }, at: Date, q: Queryable = db): Promise<TransferRow | undefined> {
    const [row] = await q
      .update(submissions)
      .set({ ...values, modifiedAt: at })
      .where(and(eq(submissions.id, id), eq(submissions.transferStartedAt, claimedAt)))
      .returning();
    return row;
  }

  return {
    find: (idOrChNumber: string): Promise<TransferRow | undefined> => findSubmission(db, idOrChNumber),

    /**
     * Claims the row for one transfer: succeeds only from a transferable status and when no other
     * claim is younger than `staleBefore`. The guard is in the UPDATE itself, so of two concurrent
     * callers exactly one gets the row.
     */
    async claim(id: string, at: Date, staleBefore: Date): Promise<TransferRow | undefined> {
      const free: SQL | undefined = or(isNull(submissions.transferStartedAt), lt(submissions.transferStartedAt, staleBefore));
      const [row] = await db
        .update(submissions)
        .set({ transferStartedAt: at })
        .where(and(eq(submissions.id, id), inArray(submissions.submissionStatus, [...TRANSFERABLE]), free))
        .returning();
      return row;
    },

    /** Records the process Arena created as soon as it exists, so a later failure cannot lose it. */
    recordProcess: (id: string, claimedAt: Date, values: { arenaGuid: string; chNumber: string; chTitle: string }, at: Date) => whileClaimed(id, claimedAt, values, at),

    /** Puts a transfer Arena kept otherwise than sent first in the list, in one statement (two transfers at once both stay). */
    async recordArenaChanges(tx: Queryable, entry: ArenaChangedTransfer, at: Date): Promise<void> {
      const first = sql`jsonb_build_array(${JSON.stringify(entry)}::jsonb)`;
      await tx
        .insert(syncState)
        .values({ key: ARENA_CHANGES_KEY, value: first, updatedAt: at })
        .onConflictDoUpdate({ target: syncState.key, set: { value: sql`jsonb_path_query_array(${first} || ${syncState.value}, ${`$[0 to ${ARENA_CHANGES_KEPT - 1}]`}::jsonpath)`, updatedAt: at } });
    },

    async arenaChanges(): Promise<ArenaChangedTransfer[]> {
      const [row] = await db.select({ value: syncState.value }).from(syncState).where(eq(syncState.key, ARENA_CHANGES_KEY)).limit(1);
      return (row?.value as ArenaChangedTransfer[] | undefined) ?? [];
    },

    /** Ends the transfer with its outcome and releases the claim (within `tx`, the change that records the outcome, when there is one). */
    finish: (id: string, claimedAt: Date, values: Outcome, at: Date, tx?: Queryable) => whileClaimed(id, claimedAt, { ...values, transferStartedAt: null }, at, tx),
  };
}
export type QualityProcessRepo = ReturnType<typeof createQualityProcessRepo>;
