import { type SQL, and, desc, eq, sql } from 'drizzle-orm';
import type { Assessment } from '#shared/contract/reporting-assessments';
import type { DatedOutcome } from '#shared/reporting/assessment';
import type { Db, Queryable } from '../../db/client.ts';
import { auditEvents, reportabilityAssessments, reportabilityDecisions, users } from '../../db/schema/index.ts';
import { actorOf } from '../../lib/audit.ts';
import { FOLLOWUP_ACTION } from '../submissions/index.ts';
import type { Who } from './reporting.repo.ts';

export type AssessmentRow = typeof reportabilityAssessments.$inferSelect;

/** The audit action an assessment is written under. */
export const ASSESS_ACTION = 'assess reportability';

export function createAssessmentsRepo(db: Db) {
  const a = reportabilityAssessments;
  return {
    async insert(tx: Queryable, v: { submissionId: string; version: number; answers: Record<string, boolean>; outcomes: DatedOutcome[]; awareDate: string; awareDateReason: string | null }, who: Who, at: Date): Promise<AssessmentRow> {
      const [row] = await tx.insert(a).values({ ...v, assessedAt: at, assessedBy: who.id, assessedByEmail: who.email }).returning();
      return row!;
    },

    /** The submission's newest assessment, as stored (on the change's transaction when inside one). */
    async latest(q: Queryable, submissionId: string): Promise<AssessmentRow | undefined> {
      const [row] = await q.select().from(a).where(eq(a.submissionId, submissionId)).orderBy(desc(a.assessedAt), desc(a.id)).limit(1);
      return row;
    },

    /** Whether a decision finalised the assessment. */
    async finalised(q: Queryable, id: number): Promise<boolean> {
      const d = reportabilityDecisions;
      const [row] = await q.select({ id: d.id }).from(d).where(eq(d.assessmentId, id)).limit(1);
      return !!row;
    },

    async one(q: Queryable, submissionId: string, id: number): Promise<AssessmentRow | undefined> {
      const [row] = await q.select().from(a).where(and(eq(a.id, id), eq(a.submissionId, submissionId))).limit(1);
      return row;
    },

    /** Every assessment of a submission, newest first, each with who answered it and the newest decision that finalised it. */
    async list(submissionId: string, q: Queryable = db): Promise<Assessment[]> {
      const d = reportabilityDecisions;
      const decision = q
        .select({ id: d.id, decision: d.decision, decidedAt: d.decidedAt, assessmentId: d.assessmentId })
        .from(d)
        .where(eq(d.submissionId, submissionId))
        .orderBy(desc(d.decidedAt), desc(d.id));
      const [rows, decisions] = await Promise.all([
        q.select({ row: a, name: users.name, email: users.email }).from(a).leftJoin(users, eq(users.id, a.assessedBy)).where(eq(a.submissionId, submissionId)).orderBy(desc(a.assessedAt), desc(a.id)),
        decision,
      ]);
      return rows.map(({ row, name, email }) => {
        const finalised = decisions.find((x) => x.assessmentId === row.id);
        return {
          id: String(row.id),
          version: row.version,
          answers: row.answers,
          outcomes: row.outcomes.map(({ regime, reportable, category, due, basis, recipients }) => ({ regime, reportable, category, due, basis, recipients })),
          awareDate: row.awareDate,
          awareDateReason: row.awareDateReason,
          assessedAt: row.assessedAt.toISOString(),
          assessedBy: actorOf(row.assessedBy, row.assessedByEmail, { name, email }),
          decision: finalised ? { id: String(finalised.id), decision: finalised.decision, decidedAt: finalised.decidedAt.toISOString() } : null,
        };
      });
    },

    /**
     * The newest follow-up note (decision 034) saying it brings new information, when it was
     * written after the submission's latest assessment (its audit entry): in the trail's order,
     * time then id, as two writes in one instant still come one after the other.
     */
    async newInformation(submissionId: string, q: Queryable = db) {
      const e = auditEvents;
      const latest = (action: SQL) =>
        q
          .select({ id: e.id, at: e.at, actorId: e.actorId, actorEmail: e.actorEmail, name: users.name, email: users.email })
          .from(e)
          .leftJoin(users, eq(users.id, e.actorId))
          .where(and(eq(e.entity, 'submission'), eq(e.entityId, submissionId), action))
          .orderBy(desc(e.at), desc(e.id))
          .limit(1);
      const [[note], [assessed]] = await Promise.all([latest(sql`${e.action} = ${FOLLOWUP_ACTION} and (${e.after} ->> 'newInformation') = 'true'`), latest(eq(e.action, ASSESS_ACTION))]);
      if (!note) return null;
      if (assessed && (assessed.at > note.at || (assessed.at.getTime() === note.at.getTime() && assessed.id > note.id))) return null;
      return { at: note.at.toISOString(), by: actorOf(note.actorId, note.actorEmail, note) };
    },
  };
}
export type AssessmentsRepo = ReturnType<typeof createAssessmentsRepo>;
