import { type FormEvent, useId, useMemo, useState } from 'react';
import { CATEGORY_LABELS, type Decision, type FiledReport, RATIONALE_MAX, RATIONALE_MIN, REGIME_LABELS, type Regime, type ReportingClock } from '#shared/contract/reporting';
import type { QuestionSets } from '#shared/contract/reporting-assessments';
import { SIGNING_FAILED } from '#shared/contract/signatures';
import { type Answers, type DatedOutcome, type QuestionSet, askedQuestions, assessOutcomes, keptAnswers, questionVersion, setsFor, unanswered } from '#shared/reporting/assessment';
import { holidaysOf } from '#shared/reporting/calendar';
import { reportingClocks } from '#shared/reporting/clocks';
import { ApiError, messageOf } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useDraft } from '../../lib/drafts.ts';
import { toast } from '../../lib/toast.ts';
import { DateInput } from '../../ui/date-input.tsx';
import { DialogBody, Modal } from '../../ui/dialog.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { SignFields, type SigningVia, useSignedSubmit } from '../signatures/index.ts';
import { type AfterReportingWrite, assess, useDecide, useQuestionSets } from './api.ts';
import { DECISION_TEXT } from './clock-format.ts';
import { ConfirmStepActions } from './confirm-step-actions.tsx';

const MEANING = 'Reportability decided';

interface Props {
  id: string;
  open: boolean;
  onClose: () => void;
  /** The decisions this submission may still take (reportable is one way). */
  choices: readonly Decision[];
  /** The become-aware date the portal derived: the awareness date unless the handler changes it, with a reason. */
  becomeAwareDate: string;
  /** Today on the reporting calendar (YYYY-MM-DD): an awareness date cannot be later. */
  today: string;
  /** The clocks as they run now, and the reports filed: the confirm step shows each clock before and after. */
  clocks: readonly ReportingClock[];
  reports: readonly FiledReport[];
  afterWrite: AfterReportingWrite;
}

type Outcome = Decision | null;

/** The outcome of one regime's set, once every question it asks is answered (else null). */
function setOutcome(set: QuestionSet, answers: Answers, awareDate: string, holidays: ReturnType<typeof holidaysOf>): DatedOutcome | null {
  if (unanswered([set], answers).length > 0) return null;
  return assessOutcomes([set], answers, awareDate, holidays)[0] ?? null;
}

/**
 * The reportability decision as an assessment (docs/features/reportability-assessment.md): each
 * regime's questions with their help and source, the outcome and due date beside them as they are
 * answered, the awareness date, then the decision and its rationale. Nothing is chosen in advance.
 * The confirm step reads it back with each clock's due date before and after, and finalising is
 * signed "Reportability decided": the answers are stored as an assessment, then the decision on it.
 */
export function AssessmentDialog(props: Props) {
  const questions = useQuestionSets(props.open);
  return (
    <Modal open={props.open} onClose={props.onClose} title="Assess reportability" size="lg">
      {questions.isPending ? (
        <DialogBody>
          <LoadingState text="Loading the reportability questions..." />
        </DialogBody>
      ) : questions.isError ? (
        <DialogBody>
          <ErrorState message={messageOf(questions.error, 'Failed to load the reportability questions')} />
        </DialogBody>
      ) : (
        <AssessmentForm {...props} data={questions.data} />
      )}
    </Modal>
  );
}

function AssessmentForm({ id, open, onClose, choices, becomeAwareDate, today, clocks, reports, afterWrite, data }: Props & { data: QuestionSets }) {
  const decide = useDecide(afterWrite);
  const signed = useSignedSubmit(MEANING);
  const version = questionVersion(data.version);
  const regimes = data.sets.map((s) => s.regime);
  const sets = useMemo(() => (version ? setsFor(version, regimes) : []), [version, regimes.join()]);
  const holidays = useMemo(() => holidaysOf((year) => data.holidays.filter((d) => d.startsWith(`${year}-`))), [data.holidays]);
  const [answers, setAnswers] = useState<Record<string, boolean>>({});
  const [awareDate, setAwareDate] = useState(becomeAwareDate);
  const [awareReason, setAwareReason] = useState('');
  const [decision, setDecision] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const [rationale, setRationale, discardRationale] = useDraft(`rationale:${id}`);
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const busy = signed.verifying || decide.isPending;

  const validAware = /^\d{4}-\d{2}-\d{2}$/.test(awareDate) && awareDate <= today;
  const dateForDue = validAware ? awareDate : becomeAwareDate;
  const outcomes = sets.map((set) => ({ set, outcome: setOutcome(set, answers, dateForDue, holidays) }));
  const complete = outcomes.every((o) => o.outcome);
  const outcome: Outcome = complete ? (outcomes.some((o) => o.outcome!.reportable) ? 'reportable' : 'not_reportable') : null;
  const moved = awareDate !== becomeAwareDate;
  const differs = !!decision && !!outcome && decision !== outcome;

  const errors = {
    answers: tried && !complete ? 'Answer every question asked.' : undefined,
    awareDate: tried && !validAware ? (awareDate > today ? 'The awareness date cannot be in the future.' : 'Enter the awareness date.') : undefined,
    awareReason: tried && moved && awareReason.trim().length < RATIONALE_MIN ? `Say why the awareness date changes (at least ${RATIONALE_MIN} characters).` : undefined,
    decision: tried && !decision ? 'Choose a decision.' : undefined,
    reason: tried && differs && reason.trim().length < RATIONALE_MIN ? `Say why the decision differs from the outcome (at least ${RATIONALE_MIN} characters).` : undefined,
    rationale: tried && rationale.trim().length < RATIONALE_MIN ? `The rationale must be at least ${RATIONALE_MIN} characters.` : undefined,
  };
  const invalid = !complete || !validAware || (moved && awareReason.trim().length < RATIONALE_MIN) || !decision || (differs && reason.trim().length < RATIONALE_MIN) || rationale.trim().length < RATIONALE_MIN;

  // The clocks as the decision would run them (the server's rule): following a reportable outcome,
  // each reportable regime with its category; a reportable decision against the outcome, the
  // shortest clock of every regime assessed; not reportable, none.
  const after = useMemo(() => {
    if (!decision || !complete) return [];
    const reported = reports.map((r) => ({ regime: r.regime, reportedOn: r.reportedOn }));
    if (decision === 'not_reportable') return [];
    const reportable = outcomes.filter((o) => o.outcome!.reportable).map((o) => o.outcome!);
    const following = !differs;
    const runs = following ? reportable.map((o) => o.regime) : regimes;
    const categories = following ? Object.fromEntries(reportable.map((o) => [o.regime, o.category!])) : null;
    return reportingClocks({ becomeAwareDate: dateForDue, decision: { decision: 'reportable', category: null, categories }, regimes: runs, reports: reported, today, holidays }).reportingClocks;
  }, [decision, complete, differs, dateForDue, reports, today, holidays, outcomes.map((o) => `${o.set.regime}:${o.outcome?.category ?? '-'}`).join()]);

  function answer(questionId: string, value: boolean) {
    // An answer that makes a later question no longer asked drops that question's answer.
    setAnswers((prev) => keptAnswers(sets, { ...prev, [questionId]: value }));
  }

  /**
   * The signature first (a refused one shows by the signing fields and records nothing), then the
   * answers as an assessment, then the decision on it with the signature.
   */
  async function send(via: SigningVia) {
    if (busy || !open || !decision) return;
    // A failure after the signature was verified returns to the form with its own toast.
    const failed = (message: string) => {
      setConfirming(false);
      toast.error(message);
    };
    let told = false;
    const ok = await signed.run(
      async (signature) => {
        let assessment;
        try {
          assessment = await assess(id, { answers: keptAnswers(sets, answers), ...(moved ? { awareDate, awareDateReason: awareReason.trim() } : {}) });
        } catch (error) {
          told = true;
          failed(messageOf(error, 'Failed to record the assessment'));
          throw error;
        }
        try {
          await decide.mutateAsync({ id, body: { decision, rationale: rationale.trim(), assessmentId: assessment.id, ...(differs ? { reason: reason.trim() } : {}), signature } });
        } catch (error) {
          // A refused signature shows by the signing fields.
          if (!(error instanceof ApiError && error.code === SIGNING_FAILED)) {
            told = true;
            failed(`The assessment was recorded, but not the decision: ${messageOf(error, 'Failed to record the decision')}`);
          }
          throw error;
        }
      },
      (message) => {
        if (!told) failed(message);
      },
      via,
    );
    if (!ok) return;
    toast.success('Reportability assessed, decided and signed');
    discardRationale();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // A closing dialog (a second click of a double-click after the write) does nothing.
    if (busy || !open) return;
    setTried(true);
    if (invalid) return;
    if (!confirming) return setConfirming(true);
    void send('password');
  }

  if (!version) return <DialogBody><ErrorState message={`Version ${data.version} of the questions is not known to this page: reload it.`} /></DialogBody>;

  return (
    <form onSubmit={submit} noValidate>
      {confirming && decision ? (
        <DialogBody className="space-y-4 text-sm text-slate-700">
          <p className="font-medium text-slate-900">{decision === 'reportable' ? 'Record this submission as reportable?' : 'Record this submission as not reportable?'}</p>
          {decision === 'reportable' ? (
            <p>A reportable decision cannot be undone. Its reporting clocks run from the awareness date until each report is filed.</p>
          ) : (
            <p>Not reportable stops the reporting clocks. It may later be revised to reportable with a new assessment.</p>
          )}
          <dl className="grid grid-cols-1 gap-x-3 gap-y-1 rounded-md bg-slate-50 p-3 sm:grid-cols-[auto_1fr]">
            <dt className="text-slate-500">Outcome of the answers</dt>
            <dd className="font-medium text-slate-900">{outcome ? DECISION_TEXT[outcome] : '-'}</dd>
            <dt className="text-slate-500">Decision</dt>
            <dd className="font-medium text-slate-900">{DECISION_TEXT[decision]}</dd>
            {differs && (
              <>
                <dt className="text-slate-500">Why it differs</dt>
                <dd className="whitespace-pre-wrap wrap-anywhere">{reason.trim()}</dd>
              </>
            )}
            <dt className="text-slate-500">Awareness date</dt>
            <dd className="tabular-nums">
              {awareDate}
              {moved && <span className="block text-slate-600">Changed from {becomeAwareDate}: {awareReason.trim()}</span>}
            </dd>
            <dt className="text-slate-500">Rationale</dt>
            <dd className="whitespace-pre-wrap wrap-anywhere">{rationale.trim()}</dd>
          </dl>
          <ClockChanges before={clocks} after={after} />
          <SignFields meaning={signed.meaning} value={signed.credentials} onChange={signed.setCredentials} error={signed.error} onContinueWithSso={() => void send('sso')} busy={busy} onStopWaiting={signed.stopSso} />
        </DialogBody>
      ) : (
        <DialogBody className="space-y-5">
          <p className="text-sm text-slate-600">
            Answer each regime&apos;s questions as the regulation asks them. The outcome and its due date show beside them as you answer; nothing is chosen for you. Questions version {data.version}, published {data.published}.
          </p>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,16rem)_1fr]">
            <DateInput label="Awareness date" value={awareDate} max={today} onChange={setAwareDate} error={errors.awareDate} hint={`The become-aware date: ${becomeAwareDate}. Due dates count from it.`} />
            {moved && (
              <Textarea label="Why the awareness date changes" name="awareDateReason" rows={2} maxLength={RATIONALE_MAX} value={awareReason} onChange={(e) => setAwareReason(e.target.value)} error={errors.awareReason} hint="It becomes the become-aware date and shows in the history." />
            )}
          </div>
          {errors.answers && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200">
              {errors.answers}
            </p>
          )}
          {outcomes.map(({ set, outcome: o }) => (
            <RegimeQuestions key={set.regime} set={set} answers={answers} onAnswer={answer} outcome={o} showMissing={tried} />
          ))}
          <DecisionChoice choices={choices} decision={decision} onChange={setDecision} outcome={outcome} error={errors.decision} />
          {differs && (
            <Textarea
              label="Why the decision differs from the outcome"
              name="reason"
              rows={3}
              maxLength={RATIONALE_MAX}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={errors.reason}
              hint={`The answers give ${DECISION_TEXT[outcome!].toLowerCase()}; a different decision is recorded with its reason.`}
            />
          )}
          <Textarea
            label="Rationale"
            name="rationale"
            rows={4}
            maxLength={RATIONALE_MAX}
            value={rationale}
            onChange={(e) => setRationale(e.target.value)}
            error={errors.rationale}
            hint={decision === 'not_reportable' ? 'Why it is not reportable: always required.' : 'What the decision rests on, in your words.'}
          />
        </DialogBody>
      )}
      <ConfirmStepActions confirming={confirming} busy={busy} onBack={() => setConfirming(false)} onCancel={onClose} nextLabel="Continue" confirmLabel="Sign and record" />
    </form>
  );
}

function RegimeQuestions({ set, answers, onAnswer, outcome, showMissing }: { set: QuestionSet; answers: Answers; onAnswer: (id: string, value: boolean) => void; outcome: DatedOutcome | null; showMissing: boolean }) {
  const headingId = useId();
  const asked = askedQuestions(set, answers);
  return (
    // The outcome sits beside the questions where the dialog has room for both (its own width, not the screen's: beside the complaint it is narrower), else below them.
    <section aria-labelledby={headingId} className="@container rounded-lg ring-1 ring-slate-200">
      <h3 id={headingId} className="rounded-t-lg bg-slate-50 px-4 py-2.5 text-sm font-semibold text-slate-900">
        {REGIME_LABELS[set.regime]}
      </h3>
      <div className="grid grid-cols-1 @xl:grid-cols-[1fr_15rem]">
        <ol className="divide-y divide-slate-100">
          {asked.map((q) => {
            const value = answers[q.id];
            const missing = showMissing && typeof value !== 'boolean';
            return (
              <li key={q.id} className="px-4 py-3">
                <fieldset aria-describedby={`${q.id}-help`}>
                  <legend className="text-sm font-medium text-slate-900">{q.text}</legend>
                  <p id={`${q.id}-help`} className="mt-1 text-xs text-slate-600">
                    {q.help} <span className="font-medium text-slate-700">Source: {q.source}.</span>
                  </p>
                  <div className="mt-2 flex gap-6">
                    {([true, false] as const).map((v) => (
                      <label key={String(v)} className="flex items-center gap-2 text-sm text-slate-800">
                        <input type="radio" name={q.id} checked={value === v} onChange={() => onAnswer(q.id, v)} className="size-4 border-slate-300 text-brand-700 focus:ring-brand-600" />
                        {v ? 'Yes' : 'No'}
                      </label>
                    ))}
                  </div>
                  {missing && <p className="mt-1 text-sm text-red-700">Answer this question.</p>}
                </fieldset>
              </li>
            );
          })}
        </ol>
        <RegimeOutcome outcome={outcome} />
      </div>
    </section>
  );
}

function RegimeOutcome({ outcome }: { outcome: DatedOutcome | null }) {
  return (
    <div aria-live="polite" className={cn('border-t border-slate-200 px-4 py-3 text-sm @xl:border-t-0 @xl:border-l', outcome?.reportable ? 'bg-amber-50' : 'bg-white')}>
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Outcome</p>
      {!outcome ? (
        <p className="mt-1 text-slate-600">Answer the questions to see the outcome.</p>
      ) : outcome.reportable ? (
        <dl className="mt-1 space-y-1">
          <dt className="sr-only">Decision</dt>
          <dd className="font-semibold text-amber-900">Reportable</dd>
          <dt className="sr-only">Category</dt>
          <dd className="text-slate-800">{CATEGORY_LABELS[outcome.category!]}</dd>
          <dt className="inline text-slate-600">Due </dt>
          <dd className="inline font-semibold tabular-nums text-slate-900">{outcome.due}</dd>
          <dd className="text-xs text-slate-600">{outcome.basis}</dd>
          <dt className="text-slate-600">Report to</dt>
          <dd className="text-slate-800">{outcome.recipients.join('; ')}</dd>
        </dl>
      ) : (
        <p className="mt-1 font-semibold text-slate-900">Not reportable</p>
      )}
    </div>
  );
}

function DecisionChoice({ choices, decision, onChange, outcome, error }: { choices: readonly Decision[]; decision: Decision | null; onChange: (d: Decision) => void; outcome: Outcome; error: string | undefined }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Decision</legend>
      <p className="mt-0.5 text-sm text-slate-600">{outcome ? `The answers give: ${DECISION_TEXT[outcome]}.` : 'The answers give an outcome once every question is answered.'}</p>
      <div className="mt-1.5 flex flex-wrap gap-x-6 gap-y-2">
        {choices.map((choice) => (
          <label key={choice} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name="decision" value={choice} checked={decision === choice} onChange={() => onChange(choice)} className="size-4 border-slate-300 text-brand-700 focus:ring-brand-600" />
            {DECISION_TEXT[choice]}
          </label>
        ))}
      </div>
      {choices.length === 1 && choices[0] === 'reportable' && <p className="mt-1.5 text-sm text-slate-600">A reportable submission stays reportable; a new assessment may change its categories and clocks.</p>}
      {error && <p className="mt-1.5 text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}

/** Each regime's due date now and after the decision. */
function ClockChanges({ before, after }: { before: readonly ReportingClock[]; after: readonly ReportingClock[] }) {
  const regimes: Regime[] = [...new Set([...before.map((c) => c.regime), ...after.map((c) => c.regime)])];
  const due = (list: readonly ReportingClock[], regime: Regime) => {
    const c = list.find((x) => x.regime === regime);
    if (!c) return 'No clock';
    return c.reportedOn ? `${c.due} (reported ${c.reportedOn})` : c.due;
  };
  return (
    <div className="overflow-x-auto rounded-md ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label="Reporting clocks before and after">
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">Clock</th>
            <th scope="col" className="px-3 py-2 font-semibold">Due now</th>
            <th scope="col" className="px-3 py-2 font-semibold">Due after</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {regimes.length === 0 ? (
            <tr>
              <td colSpan={3} className="px-3 py-2 text-slate-600">
                No reporting clock runs, before or after.
              </td>
            </tr>
          ) : (
            regimes.map((regime) => {
              const was = due(before, regime);
              const will = due(after, regime);
              return (
                <tr key={regime}>
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">{REGIME_LABELS[regime]}</th>
                  <td className="px-3 py-2 tabular-nums whitespace-nowrap">{was}</td>
                  <td className={cn('px-3 py-2 tabular-nums whitespace-nowrap', was !== will && 'font-semibold text-slate-900')}>{will}</td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
