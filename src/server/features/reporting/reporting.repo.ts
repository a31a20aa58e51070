import { desc, eq } from 'drizzle-orm';
import type { Category, Decision, FiledReport, Regime, ReportabilityDecision } from '#shared/contract/reporting';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../db/unit-of-work.ts';
import { filedReports, reportabilityDecisions, submissions, users } from '../../db/schema/index.ts';
import { type ReportingSettings, type SubmissionDbRow, actorOf, reportingDueOf } from '../submissions/index.ts';

export interface Who {
  id: string;
  email: string;
  address?: string | undefined;
}

export function createReportingRepo(db: Db) {
  return {
    /** Newest first; on the change's transaction `q` when the answer is built inside it. */
    async decisions(submissionId: string, q: Queryable = db): Promise<ReportabilityDecision[]> {
      const d = reportabilityDecisions;
      const rows = await q
        .select({ row: d, name: users.name, email: users.email })
        .from(d)
        .leftJoin(users, eq(users.id, d.decidedBy))
        .where(eq(d.submissionId, submissionId))
        .orderBy(desc(d.decidedAt), desc(d.id));
      return rows.map(({ row, name, email }) => ({
        id: String(row.id),
        decision: row.decision,
        rationale: row.rationale,
        regimes: row.regimes,
        category: row.category,
        decidedAt: row.decidedAt.toISOString(),
        decidedBy: actorOf(row.decidedBy, row.decidedByEmail, { name, email }),
      }));
    },

    async reports(submissionId: string, q: Queryable = db): Promise<FiledReport[]> {
      const r = filedReports;
      const rows = await q
        .select({ row: r, name: users.name, email: users.email })
        .from(r)
        .leftJoin(users, eq(users.id, r.filedBy))
        .where(eq(r.submissionId, submissionId))
        .orderBy(desc(r.filedAt), desc(r.id));
      return rows.map(({ row, name, email }) => ({
        id: String(row.id),
        regime: row.regime,
        reportedOn: row.reportedOn,
        reference: row.reference,
        filedAt: row.filedAt.toISOString(),
        filedBy: actorOf(row.filedBy, row.filedByEmail, { name, email }),
      }));
    },

    /** Records a decision and brings the submission's row in line (flag, decision, clocks); answers the row. */
    async decide(
      tx: Queryable,
      row: SubmissionDbRow,
      v: { decision: Decision; rationale: string; regimes: Regime[]; category: Category | null },
      who: Who,
      at: Date,
      settings: ReportingSettings,
    ): Promise<SubmissionDbRow> {
      const next = { ...row, reportingDecision: v.decision, reportingCategory: v.category, reportingRegimes: v.regimes };
      const [updated] = await tx
        .update(submissions)
        .set({
          reportingDecision: v.decision,
          reportingCategory: v.category,
          reportingRegimes: v.regimes,
          reportingDue: reportingDueOf(next, settings),
          reportable: row.reportable || v.decision === 'reportable',
          modifiedAt: at,
        })
        .where(eq(submissions.id, row.id))
        .returning();
      await tx.insert(reportabilityDecisions).values({ submissionId: row.id, ...v, decidedAt: at, decidedBy: who.id, decidedByEmail: who.email });
      return updated!;
    },

    /** The reports filed for a submission, as stored. */
    filed: (tx: Queryable, submissionId: string): Promise<FiledReportRow[]> => tx.select().from(filedReports).where(eq(filedReports.submissionId, submissionId)),

    /** Records a filed report and closes the regime's clock; answers the row. */
    async fileReport(tx: Queryable, row: SubmissionDbRow, v: { regime: Regime; reportedOn: string; reference: string }, who: Who, at: Date, settings: ReportingSettings): Promise<SubmissionDbRow> {
      const was = row.reportingReports[v.regime];
      const reports = { ...row.reportingReports, [v.regime]: was && was < v.reportedOn ? was : v.reportedOn };
      const [updated] = await tx
        .update(submissions)
        .set({ reportingReports: reports, reportingDue: reportingDueOf({ ...row, reportingReports: reports }, settings), modifiedAt: at })
        .where(eq(submissions.id, row.id))
        .returning();
      await tx.insert(filedReports).values({ submissionId: row.id, ...v, filedAt: at, filedBy: who.id, filedByEmail: who.email });
      return updated!;
    },
  };
}
export type FiledReportRow = typeof filedReports.$inferSelect;
export type ReportingRepo = ReturnType<typeof createReportingRepo>;
