import { REGIME_LABELS, type Category, type Decision, type Regime, type Reportability } from '#shared/contract/reporting';
import type { Db, Queryable } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import { todayOn } from '../../lib/time-zone.ts';
import type { SignatureInput } from '#shared/contract/signatures';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Signatures } from '../signatures/index.ts';
import { type SubmissionDbRow, findSubmission, refuseClosed } from '../submissions/index.ts';
import { type ReportingSettings, reportingFieldsOf } from './reporting-fields.ts';
import type { AssessmentsRepo } from './assessments.repo.ts';
import { decisionOnAssessment } from './decision-on-assessment.ts';
import type { DecisionValues, ReportingRepo, Who } from './reporting.repo.ts';

export interface ReportingDeps {
  db: Db;
  uow: UnitOfWork;
  repo: ReportingRepo;
  /** The assessment a decision finalises gives its regimes and categories. */
  assessments: Pick<AssessmentsRepo, 'one' | 'latest'>;
  log: SystemLog;
  clock: Clock;
  clockSettings: ReportingSettings;
  /** The JotForm account's time zone: the calendar become-aware dates are written in. */
  timeZone: string;
  /** Decisions are signed (features/signatures). */
  signatures: Pick<Signatures, 'sign' | 'list' | 'current'>;
}

/** A decision as asked for: on an assessment, its outcome gives the regimes and categories. */
export interface DecideInput {
  decision: Decision;
  rationale: string;
  regimes?: Regime[] | undefined;
  category?: Category | undefined;
  assessmentId?: string | undefined;
  reason?: string | undefined;
}

const regimesOf = (row: SubmissionDbRow, s: ReportingSettings): readonly Regime[] => row.reportingRegimes ?? s.regimes;

/** Reportability decisions with their rationale, and the reports that close the clocks (docs/product.md, Reporting clocks). */
export function createReportingService(d: ReportingDeps) {
  const today = () => todayOn(d.clock, d.timeZone);

  async function mustFind(id: string): Promise<SubmissionDbRow> {
    const row = await findSubmission(d.db, id);
    if (!row) throw new NotFound('Submission not found.');
    return row;
  }
  async function mustLock(tx: Queryable, id: string): Promise<SubmissionDbRow> {
    const row = await findSubmission(tx, id, true);
    if (!row) throw new NotFound('Submission not found.');
    return row;
  }

  /** The reply of every endpoint, built from the submission's row (inside a change: on its transaction, as that change left it). */
  async function reply(row: SubmissionDbRow, q: Queryable = d.db): Promise<Reportability> {
    const decisions = await d.repo.decisions(row.id, q);
    const reports = await d.repo.reports(row.id, q);
    const signatures = (await d.signatures.list(row.id, q)).filter((x) => x.kind === 'reportability');
    return { ...reportingFieldsOf(row, d.clockSettings, today()), current: decisions[0] ?? null, decisions, reports, defaultRegimes: [...d.clockSettings.regimes], signatures, closed: !!row.closedAt };
  }

  return {
    get: async (id: string) => reply(await mustFind(id)),

    /** Brings the stored clock due dates in line with the settings when they changed (run at start). */
    refreshClocks: () => d.repo.refreshReportingDue(d.clockSettings),

    /**
     * `reportable` is one way: a reportable submission is never decided not reportable (409). A
     * decision is signed "Reportability decided" by `signed` in the same change. The same decision
     * again, word for word, stores nothing (a double-submitted dialog), but signs the current decision
     * when no valid signature covers it. Decided on the locked row, the reply shows it as this request left it.
     */
    async decide(who: Who, id: string, body: DecideInput, signed?: { by: AuthUser; signature: SignatureInput }): Promise<Reportability> {
      const r = await d.uow(async (work) => {
        const { tx, audit } = work;
        const row = await mustLock(tx, id);
        refuseClosed(row);
        const v: DecisionValues & { regimes: Regime[] } = body.assessmentId
          ? decisionOnAssessment(body, await d.assessments.one(tx, row.id, Number(body.assessmentId)), await d.assessments.latest(tx, row.id))
          : { decision: body.decision, rationale: body.rationale, regimes: body.regimes ?? [...regimesOf(row, d.clockSettings)], category: body.category ?? null };
        const [current] = await d.repo.decisions(row.id, tx);
        const same =
          current &&
          current.decision === v.decision &&
          current.rationale === v.rationale &&
          current.category === v.category &&
          current.regimes.join() === v.regimes.join() &&
          JSON.stringify(current.categories) === JSON.stringify(v.categories ?? {}) &&
          current.assessmentId === (v.assessmentId ? String(v.assessmentId) : null) &&
          current.reason === (v.reason ?? null);
        // Unsigned only where no person decides (the sandbox's demo); every request signs.
        const sign = async () => {
          if (signed) await d.signatures.sign(work, signed.by, signed.signature, { submissionId: row.id, kind: 'reportability' });
        };
        if (same) {
          if (!signed || (await d.signatures.current(row.id, 'reportability', tx))) return { reply: await reply(row, tx), wrote: false };
          await sign();
          return { reply: await reply(row, tx), wrote: true, id: row.id, signedOnly: true };
        }
        if (v.decision === 'not_reportable' && (row.reportable || row.reportingDecision === 'reportable')) {
          throw new Conflict('This submission is reportable, and reportable is one way: it cannot be decided not reportable.');
        }
        const updated = await d.repo.decide(tx, row, v, who, d.clock.now(), d.clockSettings);
        await audit({
          actor: who,
          entity: 'submission',
          entityId: row.id,
          action: 'decide reportability',
          before: { decision: row.reportingDecision ?? 'undecided', category: row.reportingCategory, regimes: row.reportingRegimes ?? [...d.clockSettings.regimes], reportable: row.reportable },
          after: {
            decision: v.decision,
            category: v.category,
            regimes: v.regimes,
            reportable: updated.reportable,
            rationale: v.rationale,
            ...(v.assessmentId ? { assessment: String(v.assessmentId), categories: v.categories, ...(v.reason ? { reason: v.reason } : {}) } : {}),
          },
        });
        await sign();
        return { reply: await reply(updated, tx), wrote: true, id: row.id, signedOnly: false };
      });
      const what = r.signedOnly ? 'reportability decision signed' : `decided ${body.decision === 'reportable' ? 'reportable' : 'not reportable'}${signed ? ' and signed' : ''}`;
      if (r.wrote) await d.log.success('JotForms', `Submission ${r.id} ${what} by ${who.email}`);
      return r.reply;
    },
    /**
     * Closes a regime's clock. Only a reportable submission has reports to file, only for the
     * regimes its clocks run for, on a date from the become-aware date to today; the same report
     * again stores nothing. Decided on the locked row; the reply shows it as this request left it.
     */
    async fileReport(who: Who, id: string, body: { regime: Regime; reportedOn: string; reference: string }): Promise<Reportability> {
      const r = await d.uow(async ({ tx, audit }) => {
        const row = await mustLock(tx, id);
        refuseClosed(row);
        if (body.reportedOn > today()) throw new Invalid('reportedOn cannot be in the future', { reportedOn: 'cannot be in the future' });
        if (body.reportedOn < row.becomeAwareDate) {
          throw new Invalid(`reportedOn cannot be before the become-aware date (${row.becomeAwareDate})`, { reportedOn: 'before the become-aware date' });
        }
        if (row.reportingDecision === null) throw new Conflict('Record a reportability decision before filing a report: this submission is undecided.');
        if (row.reportingDecision === 'not_reportable') throw new Conflict('This submission was decided not reportable: there is no report to file.');
        const regimes = regimesOf(row, d.clockSettings);
        if (!regimes.includes(body.regime)) {
          throw new Conflict(`This submission's clocks do not include ${REGIME_LABELS[body.regime]}; they run for ${regimes.map((x) => REGIME_LABELS[x]).join(', ')}.`);
        }
        const earlier = await d.repo.filed(tx, row.id);
        if (earlier.some((x) => x.regime === body.regime && x.reportedOn === body.reportedOn && x.reference === body.reference)) return { reply: await reply(row, tx), wrote: false };
        const was = row.reportingReports[body.regime];
        const updated = await d.repo.fileReport(tx, row, body, who, d.clock.now(), d.clockSettings);
        await audit({ actor: who, entity: 'submission', entityId: row.id, action: 'file report', before: { regime: body.regime, reportedOn: was ?? null }, after: { regime: body.regime, reportedOn: body.reportedOn, reference: body.reference } });
        return { reply: await reply(updated, tx), wrote: true, id: row.id };
      });
      if (r.wrote) await d.log.success('JotForms', `Report for ${body.regime} filed for submission ${r.id} by ${who.email}`);
      return r.reply;
    },
  };
}
export type ReportingService = ReturnType<typeof createReportingService>;
