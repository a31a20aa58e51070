import { REGIME_LABELS, type Category, type Decision, type Regime, type Reportability } from '#shared/contract/reporting';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import { zonedDate } from '../../lib/time-zone.ts';
import { type ReportingSettings, type SubmissionDbRow, findSubmission, reportingFieldsOf } from '../submissions/index.ts';
import type { ReportingRepo, Who } from './reporting.repo.ts';

export interface ReportingDeps {
  db: Db;
  repo: ReportingRepo;
  log: SystemLog;
  clock: Clock;
  settings: ReportingSettings;
  /** The JotForm account's time zone: the calendar become-aware dates are written in. */
  timeZone: string;
}

const regimesOf = (row: SubmissionDbRow, s: ReportingSettings): readonly Regime[] => row.reportingRegimes ?? s.regimes;

/** Reportability decisions with their rationale, and the reports that close the clocks (docs/product.md, Reporting clocks). */
export function createReportingService(d: ReportingDeps) {
  const today = () => zonedDate(d.clock.now(), d.timeZone);

  async function mustFind(id: string): Promise<SubmissionDbRow> {
    const row = await findSubmission(d.db, id);
    if (!row) throw new NotFound('Submission not found.');
    return row;
  }

  /** The answer of every endpoint, built from the submission's row as it stands now. */
  async function answer(row: SubmissionDbRow): Promise<Reportability> {
    const [decisions, reports] = await Promise.all([d.repo.decisions(row.id), d.repo.reports(row.id)]);
    return { ...reportingFieldsOf(row, d.settings, today()), current: decisions[0] ?? null, decisions, reports, defaultRegimes: [...d.settings.regimes] };
  }

  return {
    get: async (id: string) => answer(await mustFind(id)),

    /**
     * `reportable` is one way: a reportable submission is never decided not reportable (409). The
     * same decision again, word for word, stores nothing (a double-submitted dialog).
     */
    async decide(who: Who, id: string, body: { decision: Decision; rationale: string; regimes?: Regime[] | undefined; category?: Category | undefined }): Promise<Reportability> {
      const found = await mustFind(id);
      const v = { decision: body.decision, rationale: body.rationale, regimes: body.regimes ?? [...regimesOf(found, d.settings)], category: body.category ?? null };
      const [current] = await d.repo.decisions(found.id);
      const same = current && current.decision === v.decision && current.rationale === v.rationale && current.category === v.category && current.regimes.join() === v.regimes.join();
      if (!same) {
        const wrote = await d.repo.decide(found.id, v, who, d.clock.now(), d.settings, (row) => {
          if (v.decision === 'not_reportable' && (row.reportable || row.reportingDecision === 'reportable')) {
            throw new Conflict('This submission is reportable, and reportable is one way: it cannot be decided not reportable.');
          }
          return true;
        });
        if (wrote) {
          const what = v.decision === 'reportable' ? 'reportable' : 'not reportable';
          await d.log.success('JotForms', `Submission ${found.id} decided ${what} by ${who.email}`);
        }
      }
      return answer(await mustFind(found.id));
    },

    /**
     * Closes a regime's clock. Only a reportable submission has reports to file, only for the
     * regimes its clocks run for, on a date from the become-aware date to today; the same report
     * again stores nothing.
     */
    async fileReport(who: Who, id: string, body: { regime: Regime; reportedOn: string; reference: string }): Promise<Reportability> {
      const found = await mustFind(id);
      if (body.reportedOn > today()) throw new Invalid('reportedOn cannot be in the future', { reportedOn: 'cannot be in the future' });
      if (body.reportedOn < found.becomeAwareDate) {
        throw new Invalid(`reportedOn cannot be before the become-aware date (${found.becomeAwareDate})`, { reportedOn: 'before the become-aware date' });
      }
      const wrote = await d.repo.fileReport(found.id, body, who, d.clock.now(), d.settings, (row, earlier) => {
        if (row.reportingDecision === null) throw new Conflict('Record a reportability decision before filing a report: this submission is undecided.');
        if (row.reportingDecision === 'not_reportable') throw new Conflict('This submission was decided not reportable: there is no report to file.');
        const regimes = regimesOf(row, d.settings);
        if (!regimes.includes(body.regime)) {
          throw new Conflict(`This submission's clocks do not include ${REGIME_LABELS[body.regime]}; they run for ${regimes.map((r) => REGIME_LABELS[r]).join(', ')}.`);
        }
        return !earlier.some((r) => r.regime === body.regime && r.reportedOn === body.reportedOn && r.reference === body.reference);
      });
      if (wrote) await d.log.success('JotForms', `Report for ${body.regime} filed for submission ${found.id} by ${who.email}`);
      return answer(await mustFind(found.id));
    },
  };
}
export type ReportingService = ReturnType<typeof createReportingService>;
