import { and, asc, between, eq, inArray, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { WORKFLOW_OPEN_STATUSES } from '#shared/contract/submissions';
import { DUE_SOON_DAYS } from '#shared/reporting/clocks';
import type { Db, Queryable } from '../../db/client.ts';
import { submissions, users } from '../../db/schema/index.ts';
import { addDays } from '#shared/dates';
import type { DigestLine } from './digest.ts';

/** How many days ahead an investigation deadline puts a complaint in the digest. */
export const INVESTIGATION_REMINDER_DAYS = 3;

export interface DueComplaint extends DigestLine {
  ownerId: string | null;
}

/** The reminder digests' queries (docs/product.md, Daily reminders). */
export function createRemindersRepo(db: Db) {
  const s = submissions;
  return {
    /**
     * The complaints a digest names on `today`: a reporting clock due soon or overdue (the earliest
     * open due date at most 3 days ahead), or an investigation deadline from today to 3 days ahead of a
     * complaint not yet transferred or denied; never a closed one. Served by the reporting-due and status indexes.
     */
    due(today: string): Promise<DueComplaint[]> {
      return db
        .select({ id: s.id, chNumber: s.chNumber, status: s.submissionStatus, reportingDue: s.reportingDue, investigationDeadline: s.investigationDeadline, ownerId: s.ownerId })
        .from(s)
        .where(
          and(
            or(
              // A denied complaint runs no clock (docs/product.md, Reporting clocks).
              and(isNotNull(s.reportingDue), lte(s.reportingDue, addDays(today, DUE_SOON_DAYS)), ne(s.submissionStatus, 'Denied')),
              and(inArray(s.submissionStatus, [...WORKFLOW_OPEN_STATUSES]), between(s.investigationDeadline, today, addDays(today, INVESTIGATION_REMINDER_DAYS))),
            ),
            // A closed complaint is in no digest (docs/features/signatures.md).
            isNull(s.closedAt),
          ),
        )
        .orderBy(asc(s.reportingDue), asc(s.investigationDeadline), asc(s.id));
    },
    /** Of `ids`, the owners who get a digest: not restricted, digest not turned off. */
    digestOwners(ids: string[]): Promise<{ id: string; email: string }[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select({ id: users.id, email: users.email }).from(users).where(and(inArray(users.id, ids), eq(users.isRestricted, false), eq(users.reminderDigest, true)));
    },
    async digestSetting(userId: string): Promise<boolean> {
      const [row] = await db.select({ digest: users.reminderDigest }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.digest ?? true;
    },
    /** Turns the user's digest on or off; false when it already was so. */
    async setDigestSetting(tx: Queryable, userId: string, digest: boolean): Promise<boolean> {
      const rows = await tx.update(users).set({ reminderDigest: digest }).where(and(eq(users.id, userId), eq(users.reminderDigest, !digest))).returning({ id: users.id });
      return rows.length > 0;
    },
  };
}
export type RemindersRepo = ReturnType<typeof createRemindersRepo>;
