import { desc, eq } from 'drizzle-orm';
import type { Category, Decision, FiledReport, Regime, ReportabilityDecision } from '#shared/contract/reporting';
import type { Db } from '../../db/client.ts';
import { auditEvents, filedReports, reportabilityDecisions, submissions, users } from '../../db/schema/index.ts';
import { type ReportingSettings, type SubmissionDbRow, actorOf, reportingDueOf } from '../submissions/index.ts';

export interface Who {
  id: string;
  email: string;
  address?: string | undefined;
}

export function createReportingRepo(db: Db) {
  return {
    async decisions(submissionId: string): Promise<ReportabilityDecision[]> {
      const d = reportabilityDecisions;
      const rows = await db
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

    async reports(submissionId: string): Promise<FiledReport[]> {
      const r = filedReports;
      const rows = await db
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

    /**
     * Records a decision and brings the submission's row in line (flag, decision, clocks) with its
     * audit entry, in one transaction over the locked row. `check` sees the row as locked and may
     * refuse (throw) or skip (return false: nothing is written).
     */
    async decide(
      submissionId: string,
      v: { decision: Decision; rationale: string; regimes: Regime[]; category: Category | null },
      who: Who,
      at: Date,
      settings: ReportingSettings,
      check: (row: SubmissionDbRow) => boolean,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(submissions).where(eq(submissions.id, submissionId)).for('update');
        if (!row || !check(row)) return false;
        const next = { ...row, reportingDecision: v.decision, reportingCategory: v.category, reportingRegimes: v.regimes };
        await tx
          .update(submissions)
          .set({
            reportingDecision: v.decision,
            reportingCategory: v.category,
            reportingRegimes: v.regimes,
            reportingDue: reportingDueOf(next, settings),
            reportable: row.reportable || v.decision === 'reportable',
            modifiedAt: at,
          })
          .where(eq(submissions.id, submissionId));
        await tx.insert(reportabilityDecisions).values({ submissionId, ...v, decidedAt: at, decidedBy: who.id, decidedByEmail: who.email });
        await tx.insert(auditEvents).values({
          at,
          actorId: who.id,
          actorEmail: who.email,
          address: who.address ?? null,
          entity: 'submission',
          entityId: submissionId,
          action: 'decide reportability',
          before: { decision: row.reportingDecision ?? 'undecided', category: row.reportingCategory, regimes: row.reportingRegimes ?? [...settings.regimes], reportable: row.reportable },
          after: { decision: v.decision, category: v.category, regimes: v.regimes, reportable: row.reportable || v.decision === 'reportable', rationale: v.rationale },
        });
        return true;
      });
    },

    /** Records a filed report, closes the regime's clock, audits it; one transaction over the locked row. */
    async fileReport(
      submissionId: string,
      v: { regime: Regime; reportedOn: string; reference: string },
      who: Who,
      at: Date,
      settings: ReportingSettings,
      check: (row: SubmissionDbRow, earlier: FiledReportRow[]) => boolean,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(submissions).where(eq(submissions.id, submissionId)).for('update');
        if (!row) return false;
        const earlier = await tx.select().from(filedReports).where(eq(filedReports.submissionId, submissionId));
        if (!check(row, earlier)) return false;
        const was = row.reportingReports[v.regime];
        const reports = { ...row.reportingReports, [v.regime]: was && was < v.reportedOn ? was : v.reportedOn };
        await tx
          .update(submissions)
          .set({ reportingReports: reports, reportingDue: reportingDueOf({ ...row, reportingReports: reports }, settings), modifiedAt: at })
          .where(eq(submissions.id, submissionId));
        await tx.insert(filedReports).values({ submissionId, ...v, filedAt: at, filedBy: who.id, filedByEmail: who.email });
        await tx.insert(auditEvents).values({
          at,
          actorId: who.id,
          actorEmail: who.email,
          address: who.address ?? null,
          entity: 'submission',
          entityId: submissionId,
          action: 'file report',
          before: { regime: v.regime, reportedOn: was ?? null },
          after: { regime: v.regime, reportedOn: v.reportedOn, reference: v.reference },
        });
        return true;
      });
    },
  };
}
export type FiledReportRow = typeof filedReports.$inferSelect;
export type ReportingRepo = ReturnType<typeof createReportingRepo>;
