import { asc, desc, eq, gt } from 'drizzle-orm';
import type { Category, Decision, FiledReport, Regime, ReportabilityDecision } from '#shared/contract/reporting';
import type { Db, Queryable } from '../../db/client.ts';
import { filedReports, reportabilityDecisions, submissions, syncState, users } from '../../db/schema/index.ts';
import { actorOf } from '../../lib/audit.ts';
import type { SubmissionDbRow } from '../submissions/index.ts';
import { type ReportingSettings, reportingDueOf } from './reporting-fields.ts';

export interface Who {
  id: string;
  email: string;
  address?: string | undefined;
}

const REPORTING_SETTINGS_KEY = 'reporting:settings';
/** The settings the stored due dates were computed with: the regimes and the holidays of the years clocks reach. */
function settingsFingerprint(s: ReportingSettings): string {
  const year = new Date().getUTCFullYear();
  const holidays = Array.from({ length: 12 }, (_, i) => s.holidays.of(year - 10 + i)).flat();
  return `${s.regimes.join(',')}|${holidays.join(',')}`;
}

/** A decision as recorded: `regimes` null keeps the settings' regimes; `categories` gives regimes their own category. */
export interface DecisionValues {
  decision: Decision;
  rationale: string | null;
  regimes: Regime[] | null;
  category: Category | null;
  categories?: Partial<Record<Regime, Category>> | null;
  /** The assessment the decision finalises, and why it differs from its outcome. */
  assessmentId?: number | null;
  reason?: string | null;
}

export function createReportingRepo(db: Db) {
  /**
   * Records a decision and brings the submission's row in line (flag, decision, clocks); returns
   * the row. `regimes` null (marking reportable from the list) leaves the row on the settings'
   * regimes; the record names them.
   */
  async function decide(
    tx: Queryable,
    row: SubmissionDbRow,
    v: DecisionValues,
    who: Who,
    at: Date,
    settings: ReportingSettings,
  ): Promise<SubmissionDbRow> {
    const categories = v.categories ?? {};
    const next = { ...row, reportingDecision: v.decision, reportingCategory: v.category, reportingCategories: categories, reportingRegimes: v.regimes };
    const [updated] = await tx
      .update(submissions)
      .set({
        reportingDecision: v.decision,
        reportingCategory: v.category,
        reportingCategories: categories,
        reportingRegimes: v.regimes,
        reportingDue: reportingDueOf(next, settings),
        reportable: row.reportable || v.decision === 'reportable',
        // Marked reportable from the list, the decision has no reason: the details page asks for it.
        reportingRationaleMissing: v.decision === 'reportable' && !v.rationale,
        modifiedAt: at,
      })
      .where(eq(submissions.id, row.id))
      .returning();
    await tx.insert(reportabilityDecisions).values({
      submissionId: row.id,
      decision: v.decision,
      rationale: v.rationale,
      regimes: v.regimes ?? [...settings.regimes],
      category: v.category,
      categories: v.categories ?? null,
      assessmentId: v.assessmentId ?? null,
      reason: v.reason ?? null,
      decidedAt: at,
      decidedBy: who.id,
      decidedByEmail: who.email,
    });
    return updated!;
  }

  return {
    /**
     * What a reportability signature signs: the complaint's current decision as stored (null while
     * undecided). A revision is a new decision, so a signature of the one before no longer matches.
     */
    async currentDecision(q: Queryable, submissionId: string) {
      const d = reportabilityDecisions;
      const [row] = await q.select().from(d).where(eq(d.submissionId, submissionId)).orderBy(desc(d.decidedAt), desc(d.id)).limit(1);
      if (!row) return null;
      // The whole stored decision (its assessment, categories and reason too): whatever it holds is what is signed.
      return { submissionId, decision: { ...row, id: String(row.id) } };
    },

    /** Newest first; on the change's transaction `q` when the reply is built inside it. */
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
        categories: row.categories ?? {},
        assessmentId: row.assessmentId === null ? null : String(row.assessmentId),
        reason: row.reason,
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

    decide,

    /**
     * Sets the become-aware date a handler chose (kept through re-syncs), with the investigation
     * deadline and the clocks counted from it; answers the row.
     */
    async setAwareDate(tx: Queryable, row: SubmissionDbRow, awareDate: string, investigationDeadline: string, at: Date, settings: ReportingSettings): Promise<SubmissionDbRow> {
      const [updated] = await tx
        .update(submissions)
        .set({ becomeAwareDate: awareDate, awareDateOverride: awareDate, investigationDeadline, reportingDue: reportingDueOf({ ...row, becomeAwareDate: awareDate }, settings), modifiedAt: at })
        .where(eq(submissions.id, row.id))
        .returning();
      return updated!;
    },

    /**
     * Marks the locked row reportable from the list (false → true): a decision without a category
     * or rationale. Undefined when it was already reportable.
     */
    markReportable: (tx: Queryable, row: SubmissionDbRow, who: Who, at: Date, settings: ReportingSettings): Promise<SubmissionDbRow | undefined> =>
      row.reportable ? Promise.resolve(undefined) : decide(tx, row, { decision: 'reportable', rationale: null, regimes: row.reportingRegimes, category: null }, who, at, settings),

    /** The reports filed for a submission, as stored. */
    filed: (tx: Queryable, submissionId: string): Promise<FiledReportRow[]> => tx.select().from(filedReports).where(eq(filedReports.submissionId, submissionId)),

    /** Records a filed report and closes the regime's clock; returns the row. */
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

    /**
     * Recomputes `reporting_due` of every row whose clocks may have changed with the settings
     * (REPORTING_REGIMES, REPORTING_HOLIDAYS): run at start when they differ from the last run's.
     * Returns how many rows changed.
     */
    async refreshReportingDue(settings: ReportingSettings, batchSize = 5000): Promise<number> {
      // Only when the settings differ from the last run's (and once after the migration that added the column).
      const fingerprint = settingsFingerprint(settings);
      const [last] = await db.select().from(syncState).where(eq(syncState.key, REPORTING_SETTINGS_KEY)).limit(1);
      if (last && last.value === fingerprint) return 0;
      const s = submissions;
      let after = '';
      let changed = 0;
      for (;;) {
        const rows = await db
          .select({ id: s.id, submissionStatus: s.submissionStatus, becomeAwareDate: s.becomeAwareDate, reportingDecision: s.reportingDecision, reportingCategory: s.reportingCategory, reportingCategories: s.reportingCategories, reportingRegimes: s.reportingRegimes, reportingReports: s.reportingReports, reportingDue: s.reportingDue })
          .from(s)
          .where(gt(s.id, after))
          .orderBy(asc(s.id))
          .limit(batchSize);
        if (rows.length === 0) {
          await db.insert(syncState).values({ key: REPORTING_SETTINGS_KEY, value: fingerprint }).onConflictDoUpdate({ target: syncState.key, set: { value: fingerprint, updatedAt: new Date() } });
          return changed;
        }
        after = rows[rows.length - 1]!.id;
        const updates = rows.map((r) => ({ id: r.id, due: reportingDueOf(r, settings), was: r.reportingDue })).filter((u) => u.due !== u.was);
        if (updates.length > 0) {
          await db.$client.query('update submissions s set reporting_due = u.due from unnest($1::text[], $2::date[]) as u(id, due) where s.id = u.id', [updates.map((u) => u.id), updates.map((u) => u.due)]);
          changed += updates.length;
        }
      }
    },
  };
}
type FiledReportRow = typeof filedReports.$inferSelect;
export type ReportingRepo = ReturnType<typeof createReportingRepo>;
