import { Column, type Query, type SQL, and, desc, eq, is, isNull, sql } from 'drizzle-orm';
import type { PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { FollowupMethod, FollowupNote } from '#shared/contract/submissions';
import type { Db, Queryable } from '../../db/client.ts';
import { auditEvents, submissions, users } from '../../db/schema/index.ts';
import { actorOf } from '../../lib/audit.ts';
import { OPENED, ROW_COLUMNS, type SubmissionRowColumns } from './submission-row.ts';

/** The audit action of a follow-up save; its entries are the follow-up notes (decision 034). */
export const FOLLOWUP_ACTION = 'followup';

/** What the guarded update of a new text returns: the row as the list shows it, and the text it held before. */
type SavedNewText = SubmissionRowColumns & { opened: boolean; previous: string | null };

/** The guarded update's statement name: each connection parses and plans it once, not on every save. */
const SAVE_NEW_TEXT = 'followup_save_new_text';

/**
 * The guarded update of a new text (`saveNewText`), built by Drizzle once per process with its
 * values as placeholders (`id`, `text`, `at`), and how its rows are read: each returned column
 * decoded by its own column, as Drizzle reads a select. Built on `db` but never run there: each
 * save runs it on its own transaction.
 */
function saveNewTextQuery(db: Db): { query: Query; rows: (rows: unknown[][]) => SavedNewText[] } {
  // Locked before it is read, so `previous` is the text the update replaces, even after waiting for another save.
  const before = db.select({ id: submissions.id, followup: submissions.followup }).from(submissions).where(eq(submissions.id, sql.placeholder('id'))).for('update').as('before_save');
  const text = sql`${sql.param(sql.placeholder('text'), submissions.followup)}`;
  const returned = { ...ROW_COLUMNS, opened: OPENED, previous: before.followup };
  const query = db
    .update(submissions)
    .set({ followup: text, followupAttempts: sql`${submissions.followupAttempts} + 1`, modifiedAt: sql`${sql.param(sql.placeholder('at'), submissions.modifiedAt)}` })
    .from(before)
    .where(and(eq(submissions.id, before.id), isNull(submissions.closedAt), sql`${submissions.followup} is distinct from ${text}`))
    .returning(returned)
    .toSQL();
  // A column decodes its own value; `opened`, an SQL expression, is the boolean the driver read.
  const columns = Object.entries(returned).map(([key, field]) => [key, is(field, Column) ? field : undefined] as const);
  const rows = (raw: unknown[][]) => raw.map((r) => Object.fromEntries(columns.map(([key, column], i) => [key, r[i] === null || !column ? r[i] : column.mapFromDriverValue(r[i])])) as SavedNewText);
  return { query, rows };
}

/** A submission's follow-up: its notes, and the row's text and attempt count a save writes. */
export function createFollowupsRepo(db: Db) {
  const saveNewText = saveNewTextQuery(db);
  return {
    /**
     * A submission's follow-up notes (its audit entries of that action, decision 034), newest first,
     * each with its author as the user is now; `only.limit` the newest few.
     */
    async notes(submissionId: string, only: { limit?: number } = {}): Promise<FollowupNote[]> {
      const a = auditEvents;
      const query = db
        .select({
          id: a.id,
          text: sql<string>`${a.after}->>'followup'`,
          method: sql<FollowupMethod | null>`${a.after}->>'method'`,
          attemptedOn: sql<string | null>`${a.after}->>'attemptedOn'`,
          outcome: sql<string | null>`${a.after}->>'outcome'`,
          newInformation: sql<boolean>`coalesce((${a.after}->>'newInformation')::boolean, false)`,
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
      return rows.map((r) => ({ id: String(r.id), text: r.text, at: r.at.toISOString(), author: actorOf(r.authorId, r.authorEmail, r), method: r.method, attemptedOn: r.attemptedOn, outcome: r.outcome, newInformation: r.newInformation }));
    },

    /**
     * The submission by id, else by CH number, as the list shows it (with whether anyone opened
     * it), locked until the change's transaction `tx` ends.
     */
    async lock(tx: Queryable, idOrChNumber: string): Promise<(SubmissionRowColumns & { opened: boolean }) | undefined> {
      const one = async (where: SQL) => {
        const [row] = await tx.select({ ...ROW_COLUMNS, opened: OPENED }).from(submissions).where(where).limit(1).for('update');
        return row;
      };
      return (await one(eq(submissions.id, idOrChNumber))) ?? (await one(eq(submissions.chNumber, idOrChNumber)));
    },

    /**
     * The `after` of the submission's latest note, null without one: what a save may repeat. Read
     * once the row is locked, in a statement of its own: a statement that waited for the lock still
     * reads the trail as it was when it began, without the note of the save it waited for.
     */
    async latestNote(tx: Queryable, submissionId: string): Promise<unknown> {
      const a = auditEvents;
      const [row] = await tx
        .select({ after: a.after })
        .from(a)
        .where(and(eq(a.entity, 'submission'), eq(a.entityId, submissionId), eq(a.action, FOLLOWUP_ACTION)))
        .orderBy(desc(a.at), desc(a.id))
        .limit(1);
      return row?.after ?? null;
    },

    /**
     * The save of a new text on an open submission named by its id, in one guarded update: the row
     * (locked by the update's own read of it) gets the text and one more attempt, and comes back as
     * the list shows it, with the text it held before. Undefined when it writes nothing — no
     * submission has that id, it is closed, or it already reads this text — and the save is then
     * decided on the locked row (`lock`). The statement is the one `saveNewTextQuery` built.
     */
    async saveNewText(tx: Queryable, id: string, text: string, at: Date): Promise<SavedNewText | undefined> {
      const [row] = await tx._.session.prepareQuery<{ execute: SavedNewText[] } & PreparedQueryConfig>(saveNewText.query, undefined, SAVE_NEW_TEXT, true, saveNewText.rows).execute({ id, text, at });
      return row;
    },

    /** Sets the text and the attempt count of the row `lock` holds. */
    async save(tx: Queryable, id: string, text: string, attempts: number, at: Date): Promise<void> {
      await tx.update(submissions).set({ followup: text, followupAttempts: attempts, modifiedAt: at }).where(eq(submissions.id, id));
    },
  };
}
export type FollowupsRepo = ReturnType<typeof createFollowupsRepo>;
