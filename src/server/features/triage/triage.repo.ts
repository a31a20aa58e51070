import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { SCREENING_KINDS, type ScreeningKind } from '#shared/contract/triage';
import type { Queryable } from '../../db/client.ts';
import { screeningQuestions, submissions, users } from '../../db/schema/index.ts';

export type Screening = Partial<Record<ScreeningKind, string>>;

/** The screening questions and the flag they set on submissions. */
export function createTriageRepo(db: Queryable) {
  return {
    async screening(q: Queryable = db): Promise<{ questions: Screening; updatedAt: Date | null }> {
      const rows = await q.select().from(screeningQuestions);
      const questions: Screening = {};
      let updatedAt: Date | null = null;
      for (const r of rows) {
        questions[r.kind] = r.qid;
        if (!updatedAt || r.updatedAt > updatedAt) updatedAt = r.updatedAt;
      }
      return { questions, updatedAt };
    },

    /** Replaces the screening questions: a kind set to null loses its row. */
    async setScreening(q: Queryable, questions: Record<ScreeningKind, string | null>, by: string, at: Date): Promise<void> {
      await q.delete(screeningQuestions);
      const rows = SCREENING_KINDS.flatMap((kind) => (questions[kind] ? [{ kind, qid: questions[kind], updatedAt: at, updatedBy: by }] : []));
      if (rows.length) await q.insert(screeningQuestions).values(rows);
    },

    /** Of these submissions, the ones not flagged yet, with their answers and owner's address. */
    unflagged(q: Queryable, ids: string[]) {
      return q
        .select({ id: submissions.id, answers: submissions.answers, becomeAwareDate: submissions.becomeAwareDate, ownerEmail: users.email })
        .from(submissions)
        .leftJoin(users, eq(users.id, submissions.ownerId))
        .where(and(inArray(submissions.id, ids), isNull(submissions.potentialReportableAt)));
    },

    /** A batch of the stored submissions not flagged yet, in id order after `after` (the back-screening's walk). */
    unflaggedAfter(q: Queryable, after: string, limit: number) {
      return q
        .select({ id: submissions.id, answers: submissions.answers })
        .from(submissions)
        .where(and(gt(submissions.id, after), isNull(submissions.potentialReportableAt)))
        .orderBy(asc(submissions.id))
        .limit(limit);
    },

    /** Flags one submission; false when another import flagged it first. */
    async flag(q: Queryable, id: string, kinds: ScreeningKind[], at: Date): Promise<boolean> {
      const done = await q
        .update(submissions)
        .set({ potentialReportableAt: at, potentialReportableKinds: kinds })
        .where(and(eq(submissions.id, id), isNull(submissions.potentialReportableAt)))
        .returning({ id: submissions.id });
      return done.length > 0;
    },
  };
}
export type TriageRepo = ReturnType<typeof createTriageRepo>;
