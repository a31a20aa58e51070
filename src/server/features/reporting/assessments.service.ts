import type { AssessBody, Assessment, Assessments, QuestionSets } from '#shared/contract/reporting-assessments';
import { type QuestionVersion, assessOutcomes, keptAnswers, setsFor, unanswered } from '#shared/reporting/assessment';
import { addDays } from '#shared/dates';
import type { Db } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import { todayOn } from '../../lib/time-zone.ts';
import { findSubmission } from '../submissions/index.ts';
import { ASSESS_ACTION, type AssessmentsRepo } from './assessments.repo.ts';
import type { ReportingSettings } from './reporting-fields.ts';
import type { ReportingRepo, Who } from './reporting.repo.ts';

export interface AssessmentsDeps {
  db: Db;
  uow: UnitOfWork;
  repo: AssessmentsRepo;
  reporting: Pick<ReportingRepo, 'setAwareDate'>;
  log: SystemLog;
  clock: Clock;
  clockSettings: ReportingSettings;
  /** The JotForm account's time zone: the calendar awareness dates are written in. */
  timeZone: string;
  /** INVESTIGATION_DAYS: the investigation deadline moves with the awareness date. */
  investigationDays: number;
  /** Every published version of the questions, oldest first; the last is asked. */
  versions: readonly QuestionVersion[];
}

const sameAnswers = (a: Record<string, boolean>, b: Record<string, boolean>) => Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** Reportability assessments (docs/features/reportability-assessment.md): the questions, answering them, and every answer kept. */
export function createAssessmentsService(d: AssessmentsDeps) {
  const today = () => todayOn(d.clock, d.timeZone);
  const current = d.versions[d.versions.length - 1]!;

  async function mustFind(id: string) {
    const row = await findSubmission(d.db, id);
    if (!row) throw new NotFound('Submission not found.');
    return row;
  }

  /** The holidays the due dates skip, from last year to next, as the clocks count them. */
  function holidays(): string[] {
    const year = Number(today().slice(0, 4));
    return [year - 1, year, year + 1].flatMap((y) => [...d.clockSettings.holidays.of(y)]);
  }

  /** Every question id of the sets asked is known, and every question asked is answered (400 naming which). */
  function checkAnswers(answers: Record<string, boolean>) {
    const sets = setsFor(current, d.clockSettings.regimes);
    const known = new Set(sets.flatMap((s) => s.questions.map((q) => q.id)));
    const unknown = Object.keys(answers).filter((id) => !known.has(id));
    if (unknown.length) throw new Invalid(`Not a question of version ${current.version}: ${unknown.join(', ')}`, Object.fromEntries(unknown.map((id) => [`answers.${id}`, 'not a question of this version'])));
    const missing = unanswered(sets, answers);
    if (missing.length) throw new Invalid(`Answer every question asked; unanswered: ${missing.join(', ')}`, Object.fromEntries(missing.map((id) => [`answers.${id}`, 'unanswered'])));
    return sets;
  }

  return {
    questions(version?: number): QuestionSets {
      const v = version === undefined ? current : d.versions.find((x) => x.version === version);
      if (!v) throw new NotFound(`No version ${version} of the questions; the current one is ${current.version}.`);
      const sets = setsFor(v, d.clockSettings.regimes).map((s) => ({ regime: s.regime, questions: s.questions.map(({ askedIf, ...q }) => ({ ...q, ...(askedIf ? { askedIf: askedIf.map((c) => [...c]) } : {}) })) }));
      return { version: v.version, published: v.published, sets, holidays: holidays() };
    },

    async list(id: string): Promise<Assessments> {
      const row = await mustFind(id);
      const [results, newInformation] = await Promise.all([d.repo.list(row.id), d.repo.newInformation(row.id)]);
      return { results, newInformation: results.length ? newInformation : null };
    },

    /**
     * Answers the current questions. The awareness date defaults to the become-aware date; another
     * one needs a reason and becomes the become-aware date (kept through re-syncs), written with its
     * own audit entry. The assessment, the date and their entries commit together; earlier
     * assessments stay as they were.
     */
    async create(who: Who, id: string, body: AssessBody): Promise<Assessment> {
      const sets = checkAnswers(body.answers);
      const r = await d.uow(async ({ tx, audit }) => {
        const row = await findSubmission(tx, id, true);
        if (!row) throw new NotFound('Submission not found.');
        const awareDate = body.awareDate ?? row.becomeAwareDate;
        const moved = awareDate !== row.becomeAwareDate;
        if (moved && awareDate > today()) throw new Invalid('awareDate cannot be in the future', { awareDate: 'cannot be in the future' });
        if (moved && !body.awareDateReason) {
          throw new Invalid(`Changing the awareness date from ${row.becomeAwareDate} needs a reason (awareDateReason)`, { awareDateReason: 'required when the awareness date changes' });
        }
        const reason = moved ? body.awareDateReason! : null;
        const answers = keptAnswers(sets, body.answers);
        // The same answers again before any decision (a double-submitted dialog) store nothing (decision 017).
        const latest = await d.repo.latest(tx, row.id);
        if (latest && !moved && latest.version === current.version && latest.awareDate === awareDate && sameAnswers(latest.answers, answers) && !(await d.repo.finalised(tx, latest.id))) {
          const [reply] = await d.repo.list(row.id, tx);
          return { reply: reply!, submission: row.id, moved, wrote: false };
        }
        if (moved) {
          const deadline = addDays(awareDate, d.investigationDays);
          await d.reporting.setAwareDate(tx, row, awareDate, deadline, d.clock.now(), d.clockSettings);
          await audit({
            actor: who,
            entity: 'submission',
            entityId: row.id,
            action: 'change awareness date',
            before: { becomeAwareDate: row.becomeAwareDate, investigationDeadline: row.investigationDeadline },
            after: { becomeAwareDate: awareDate, investigationDeadline: deadline, reason },
          });
        }
        const outcomes = assessOutcomes(sets, answers, awareDate, d.clockSettings.holidays);
        const stored = await d.repo.insert(tx, { submissionId: row.id, version: current.version, answers, outcomes, awareDate, awareDateReason: reason }, who, d.clock.now());
        await audit({
          actor: who,
          entity: 'submission',
          entityId: row.id,
          action: ASSESS_ACTION,
          after: { assessment: String(stored.id), version: current.version, awareDate, reportable: outcomes.filter((o) => o.reportable).map((o) => o.regime) },
        });
        const [reply] = await d.repo.list(row.id, tx);
        return { reply: reply!, submission: row.id, moved, wrote: true };
      });
      if (r.wrote) await d.log.success('JotForms', `Reportability of submission ${r.submission} assessed by ${who.email}${r.moved ? ', awareness date changed' : ''}`);
      return r.reply;
    },
  };
}
export type AssessmentsService = ReturnType<typeof createAssessmentsService>;
