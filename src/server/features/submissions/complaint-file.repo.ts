import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { READ_ACTIONS } from '#shared/contract/audit';
import type { HistoryEntry, SubmissionStatus } from '#shared/contract/submissions';
import type { Db, Queryable } from '../../db/client.ts';
import { auditEvents, submissions, users } from '../../db/schema/index.ts';
import { HISTORY_HIDDEN, actorOf, changesOf } from '../../lib/audit.ts';
import { OPENED, type SubmissionDbRow, findSubmission } from './submission-row.ts';

export type WorkflowFields = Partial<
  Pick<
    SubmissionDbRow,
    'submissionStatus' | 'reportable' | 'emailDelivered' | 'followup' | 'chNumber' | 'chTitle' | 'arenaGuid' | 'transferError' | 'denyReason' | 'reviewedBy' | 'reviewedAt' | 'reportingDue' | 'reportingRationaleMissing'
  >
>;

/** One submission's file: finding it, its workflow writes and its history. */
export function createComplaintFileRepo(db: Db) {
  return {
    find: (idOrChNumber: string, q: Queryable = db) => findSubmission(q, idOrChNumber),
    /** Whether anyone has opened its details page. */
    async opened(id: string): Promise<boolean> {
      const [row] = await db.select({ opened: OPENED }).from(submissions).where(eq(submissions.id, id));
      return row?.opened ?? false;
    },
    /** The submission by id or CH number, locked for the change's transaction. */
    lock: (tx: Queryable, idOrChNumber: string) => findSubmission(tx, idOrChNumber, true),
    /** What happened to a submission, newest first, from the audit trail (actor null: JotForm or the portal); reads are not history. */
    async history(submissionId: string): Promise<HistoryEntry[]> {
      const e = auditEvents;
      const rows = await db
        .select({ at: e.at, actorId: e.actorId, actorEmail: e.actorEmail, action: e.action, before: e.before, after: e.after, name: users.name, email: users.email })
        .from(e)
        .leftJoin(users, eq(users.id, e.actorId))
        .where(and(eq(e.entity, 'submission'), eq(e.entityId, submissionId), notInArray(e.action, [...READ_ACTIONS])))
        .orderBy(desc(e.at), desc(e.id));
      return rows.map((r) => ({ at: r.at.toISOString(), actor: actorOf(r.actorId, r.actorEmail, r), action: r.action, changes: changesOf(r.before, r.after, HISTORY_HIDDEN) }));
    },
    /** Sets a one-way flag from false to true; undefined when it was already set. */
    async setFlag(tx: Queryable, id: string, flag: 'emailDelivered', at: Date): Promise<SubmissionDbRow | undefined> {
      const [row] = await tx
        .update(submissions)
        .set({ [flag]: true, modifiedAt: at })
        .where(and(eq(submissions.id, id), eq(submissions[flag], false)))
        .returning();
      return row;
    },
    /** Updates workflow fields, only while the row is in one of `from` (a state guard). */
    async updateWorkflow(tx: Queryable, id: string, values: WorkflowFields, at: Date, from: readonly SubmissionStatus[]): Promise<SubmissionDbRow | undefined> {
      const [row] = await tx
        .update(submissions)
        .set({ ...values, modifiedAt: at })
        .where(and(eq(submissions.id, id), inArray(submissions.submissionStatus, [...from])))
        .returning();
      return row;
    },
  };
}
export type ComplaintFileRepo = ReturnType<typeof createComplaintFileRepo>;
