import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { READ_ACTIONS } from '#shared/contract/audit';
import type { FollowupMethod, FollowupNote, HistoryEntry, SubmissionStatus } from '#shared/contract/submissions';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../db/unit-of-work.ts';
import { auditEvents, submissions, users } from '../../db/schema/index.ts';
import { actorOf, changesOf } from '../../lib/audit.ts';
import { FOLLOWUP_ACTION, type FollowupSave, type FollowupWrite, appendFollowup } from './followup-statement.ts';
import { OPENED, type SubmissionDbRow, findSubmission } from './submission-row.ts';

export type WorkflowFields = Partial<
  Pick<SubmissionDbRow, 'submissionStatus' | 'reportable' | 'emailDelivered' | 'followup' | 'chNumber' | 'chTitle' | 'arenaGuid' | 'transferError' | 'denyReason' | 'reviewedBy' | 'reviewedAt' | 'reportingDue'>
>;

/** One submission's file: finding it, its workflow writes, its history and follow-up notes. */
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
      return rows.map((r) => ({ at: r.at.toISOString(), actor: actorOf(r.actorId, r.actorEmail, r), action: r.action, changes: changesOf(r.before, r.after) }));
    },
    /**
     * A submission's follow-up notes (its audit entries of that action, decision 034), newest first,
     * each with its author as the user is now; `only.limit` the newest few.
     */
    async followups(submissionId: string, only: { limit?: number } = {}): Promise<FollowupNote[]> {
      const a = auditEvents;
      const query = db
        .select({
          id: a.id,
          text: sql<string>`${a.after}->>'followup'`,
          method: sql<FollowupMethod | null>`${a.after}->>'method'`,
          attemptedOn: sql<string | null>`${a.after}->>'attemptedOn'`,
          outcome: sql<string | null>`${a.after}->>'outcome'`,
          at: a.at,
          authorId: a.actorId,
          authorEmail: a.actorEmail,
          name: users.name,
          email: users.email,
        })
        .from(a)
        .leftJoin(users, eq(users.id, a.actorId))
        .where(and(eq(a.entity, 'submission'), eq(a.entityId, submissionId), eq(a.action, FOLLOWUP_ACTION)))
        .orderBy(desc(a.at), desc(a.id));
      const rows = only.limit ? await query.limit(only.limit) : await query;
      return rows.map((r) => ({ id: String(r.id), text: r.text, at: r.at.toISOString(), author: actorOf(r.authorId, r.authorEmail, r), method: r.method, attemptedOn: r.attemptedOn, outcome: r.outcome }));
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
    /** Saves a follow-up in one statement (followup-statement.ts). */
    appendFollowup: (save: FollowupSave): Promise<FollowupWrite> => appendFollowup(db, save),
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
