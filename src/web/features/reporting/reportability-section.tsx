import { useEffect, useState } from 'react';
import { CATEGORY_LABELS, type Decision, type FiledReport, REGIME_LABELS, type Regime, type ReportabilityDecision } from '#shared/contract/reporting';
import { messageOf } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { formatMoment } from '../../lib/dates.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { type AfterReportingWrite, useReportability } from './api.ts';
import { DECISION_TEXT, regimeClockState } from './clock-format.ts';
import { ClockBadge } from './clock-label.tsx';
import { AssessmentDialog } from './assessment-dialog.tsx';
import { FileReportDialog } from './file-report-dialog.tsx';
import { SignDecisionDialog, signableAsItStands } from './sign-decision-dialog.tsx';
import { SignatureLine } from '../signatures/index.ts';
import type { Signature } from '#shared/contract/signatures';

/** On phones each clock row stacks: the regime, then labelled values two by two, then its action. */
const STACKED_ROW = 'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:px-4 max-sm:py-3';
const STACKED_CELL = 'px-4 py-2.5 max-sm:p-0 max-sm:before:block max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]';

const who = (d: { decidedBy: ReportabilityDecision['decidedBy'] } | { filedBy: FiledReport['filedBy'] }) => {
  const actor = 'decidedBy' in d ? d.decidedBy : d.filedBy;
  return actor ? actor.name : 'the portal';
};

/** The signatures made while `decision` was current (from its time to the next decision's), newest first. */
function signaturesOf(decision: ReportabilityDecision, next: ReportabilityDecision | undefined, all: readonly Signature[]): Signature[] {
  return all.filter((s) => s.at >= decision.decidedAt && (!next || s.at < next.decidedAt));
}

function DecisionText({ decision, current, signature }: { decision: ReportabilityDecision; current?: boolean; signature?: Signature | undefined }) {
  return (
    <div className="text-sm">
      <p className={current ? 'text-base font-semibold text-slate-900' : 'font-medium text-slate-900'}>{DECISION_TEXT[decision.decision]}</p>
      <p className="mt-0.5 text-slate-600">
        Decided by {who(decision)} — {formatMoment(decision.decidedAt)}
      </p>
      {decision.rationale ? (
        <p className="mt-2 whitespace-pre-wrap text-slate-800 wrap-anywhere">{decision.rationale}</p>
      ) : (
        <p className="mt-2 text-slate-500">No rationale recorded (marked reportable without one).</p>
      )}
      {decision.decision === 'reportable' && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-slate-700">
          <dt className="text-slate-500">Category</dt>
          <dd>{decision.category ? CATEGORY_LABELS[decision.category] : 'Not given'}</dd>
          <dt className="text-slate-500">Regimes</dt>
          <dd>{decision.regimes.map((r) => REGIME_LABELS[r]).join(', ') || '-'}</dd>
        </dl>
      )}
      {current ? <SignatureLine signature={signature} className="mt-2" /> : signature && <SignatureLine signature={{ ...signature, valid: true }} className="mt-2" />}
    </div>
  );
}

interface Props {
  id: string;
  afterWrite: AfterReportingWrite;
  /** Today, YYYY-MM-DD, on the calendar the reporting clocks run on (the JotForm account's). */
  today: string;
  /** The become-aware date: the assessment's awareness date unless the handler changes it. */
  becomeAwareDate: string;
  /** The page's latest request for the assessment (recording, revising or adding a missing rationale); a new key opens it. */
  decideRequest?: DecideRequest | null;
}

type Open = { kind: 'assess'; key: number } | { kind: 'sign'; key: number } | { kind: 'file'; key: number; regime: Regime } | null;

/** A request from elsewhere on the page to decide reportability: a new key opens the assessment. */
export interface DecideRequest {
  key: number;
}

/** The reportability decision with its reason and decider, earlier decisions, the clocks per regime and the reports filed. */

export function ReportabilitySection({ id, afterWrite, today, becomeAwareDate, decideRequest = null }: Props) {
  const reportability = useReportability(id);
  const [open, setOpen] = useState<Open>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!decideRequest) return;
    setOpen({ kind: 'assess', key: decideRequest.key });
    setShown(true);
  }, [decideRequest]);

  let body;
  if (reportability.isPending) body = <LoadingState text="Loading reportability..." />;
  else if (reportability.isError) body = <ErrorState message={messageOf(reportability.error, 'Failed to load the reportability decision')} />;
  else {
    const data = reportability.data;
    const current = data.current;
    const earlier = data.decisions.filter((d) => d.id !== current?.id);
    const choices: Decision[] = current?.decision === 'reportable' ? ['reportable'] : current?.decision === 'not_reportable' ? ['reportable'] : ['reportable', 'not_reportable'];
    const openRegimes = data.reportingClocks.filter((c) => !c.reportedOn).map((c) => c.regime);
    // Recording, revising or completing a decision is always an assessment: nothing is chosen in advance.
    const assessLabel = !current ? 'Assess reportability' : current.decision === 'not_reportable' ? 'Revise to reportable' : 'Revise decision';
    const rationaleMissing = current?.decision === 'reportable' && !current.rationale;
    const currentSignature = current ? signaturesOf(current, undefined, data.signatures)[0] : undefined;
    const unsigned = !!current && signableAsItStands(current) && !currentSignature?.valid;
    const closed = data.closed;
    const openDialog = (next: Open) => {
      setOpen(next);
      setShown(true);
    };
    body = (
      <div className="space-y-4">
        {rationaleMissing && !closed && (
          <div role="alert" className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex gap-2">
              <Icon name="warning" className="mt-0.5 size-5 shrink-0 text-amber-700" />
              <span>
                <span className="font-semibold">Reportable — rationale missing.</span> It was marked reportable without a reason: record why it is reportable, with its category.
              </span>
            </p>
            <Button className="shrink-0" onClick={() => openDialog({ kind: 'assess', key: Date.now() })}>
              Add rationale
            </Button>
          </div>
        )}
        <div className="rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            {current ? (
              <DecisionText decision={current} current signature={currentSignature} />
            ) : (
              <div className="text-sm">
                <p className="text-base font-semibold text-slate-900">No decision yet</p>
                <p className="mt-0.5 text-slate-600">Until it is decided, the shortest clock of each regime runs, so nothing is missed.</p>
              </div>
            )}
            {!closed && (
              <div className="flex shrink-0 flex-wrap gap-2">
                {unsigned && <Button onClick={() => openDialog({ kind: 'sign', key: Date.now() })}>Sign decision</Button>}
                <Button variant={unsigned ? 'secondary' : 'primary'} onClick={() => openDialog({ kind: 'assess', key: Date.now() })}>
                  <Icon name={current ? 'pencil' : 'check'} className="size-4" />
                  {assessLabel}
                </Button>
              </div>
            )}
          </div>
        </div>

        <div className="overflow-x-auto rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label="Reporting clocks">
            <thead className="bg-slate-50 text-left text-slate-700 max-sm:hidden">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-semibold">Regime</th>
                <th scope="col" className="px-4 py-2.5 font-semibold">Due</th>
                <th scope="col" className="px-4 py-2.5 font-semibold">Reported on</th>
                <th scope="col" className="px-4 py-2.5 font-semibold">State</th>
                <th scope="col" className="px-4 py-2.5"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.reportingClocks.length === 0 ? (
                <tr>
                  <td colSpan={5} className="px-4 py-3 text-slate-600">
                    No reporting clock runs{current?.decision === 'not_reportable' ? ': decided not reportable.' : '.'}
                  </td>
                </tr>
              ) : (
                data.reportingClocks.map((clock) => {
                  const report = data.reports.find((r) => r.regime === clock.regime);
                  return (
                    <tr key={clock.regime} className={STACKED_ROW}>
                      <th scope="row" className="px-4 py-2.5 text-left font-medium text-slate-900 max-sm:col-span-2 max-sm:p-0">{REGIME_LABELS[clock.regime]}</th>
                      <td data-label="Due" className={cn(STACKED_CELL, 'tabular-nums whitespace-nowrap')}>{clock.due}</td>
                      <td data-label="Reported on" className={cn(STACKED_CELL, 'tabular-nums')}>
                        {clock.reportedOn ?? '-'}
                        {report && <span className="block text-xs text-slate-600 wrap-anywhere">Ref. {report.reference}</span>}
                      </td>
                      <td data-label="State" className={STACKED_CELL}>
                        <ClockBadge state={regimeClockState(clock, today)} />
                      </td>
                      <td className="px-4 py-2.5 text-right max-sm:col-span-2 max-sm:p-0 max-sm:text-left">
                        {!clock.reportedOn && !closed && (
                          <Button size="sm" variant="secondary" aria-label={`Record filed report for ${REGIME_LABELS[clock.regime]}`} onClick={() => openDialog({ kind: 'file', key: Date.now(), regime: clock.regime })}>
                            Record filed report
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>

        {data.reports.length > 0 && (
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Reports filed</h3>
            <ul className="space-y-2 text-sm">
              {data.reports.map((r) => (
                <li key={r.id} className="rounded-md bg-white px-4 py-2.5 ring-1 ring-slate-200">
                  <span className="font-medium text-slate-900">{REGIME_LABELS[r.regime]}</span> reported on <span className="tabular-nums">{r.reportedOn}</span>, reference{' '}
                  <span className="font-medium wrap-anywhere">{r.reference}</span>
                  <span className="block text-slate-600">
                    Recorded by {who(r)} — {formatMoment(r.filedAt)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}

        {earlier.length > 0 && (
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Earlier decisions</h3>
            <ol className="space-y-2">
              {earlier.map((d) => (
                <li key={d.id} className="rounded-md bg-white px-4 py-3 ring-1 ring-slate-200">
                  <DecisionText decision={d} signature={signaturesOf(d, data.decisions[data.decisions.indexOf(d) - 1], data.signatures)[0]} />
                </li>
              ))}
            </ol>
          </div>
        )}

        {open?.kind === 'assess' && (
          <AssessmentDialog key={open.key} id={id} open={shown} onClose={() => setShown(false)} choices={choices} becomeAwareDate={becomeAwareDate} today={today} clocks={data.reportingClocks} reports={data.reports} afterWrite={afterWrite} />
        )}
        {open?.kind === 'sign' && current && <SignDecisionDialog key={open.key} id={id} current={current} open={shown} onClose={() => setShown(false)} afterWrite={afterWrite} />}
        {open?.kind === 'file' && (
          <FileReportDialog key={open.key} id={id} open={shown} onClose={() => setShown(false)} regimes={[open.regime, ...openRegimes.filter((r) => r !== open.regime)]} afterWrite={afterWrite} today={today} />
        )}
      </div>
    );
  }

  return (
    <section aria-labelledby="reportability-title" className="mb-8">
      <h2 id="reportability-title" className="mb-3 text-lg font-semibold text-slate-900">
        Reportability
      </h2>
      {body}
    </section>
  );
}
