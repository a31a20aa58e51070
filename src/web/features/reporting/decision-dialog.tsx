import { type FormEvent, useState } from 'react';
import { CATEGORY_LABELS, type Category, type Decision, REGIME_LABELS, type Regime } from '#shared/contract/reporting';
import { messageOf } from '../../lib/api-client.ts';
import { useDraft } from '../../lib/drafts.ts';
import { toast } from '../../lib/toast.ts';
import { DialogBody, Modal } from '../../ui/dialog.tsx';
import { ConfirmStepActions } from './confirm-step-actions.tsx';
import { type AfterReportingWrite, useDecide } from './api.ts';
import { DECISION_TEXT } from './clock-format.ts';
import { DecisionFields, type DecisionDraft, decideBody, draftErrors, draftOf } from './decision-fields.tsx';

interface Props {
  id: string;
  open: boolean;
  onClose: () => void;
  /** The decisions this submission may still take (reportable is one way). */
  choices: readonly Decision[];
  /** The decision chosen when it opens (adding a missing rationale); otherwise none is. */
  prefill?: Decision | undefined;
  defaultRegimes: readonly Regime[];
  /** The current decision's category, when revising a reportable one. */
  defaultCategory?: Category | undefined;
  afterWrite: AfterReportingWrite;
}

/**
 * Records a reportability decision with its rationale. A reportable decision cannot be taken back,
 * so it is read back for a last confirmation before it is sent.
 */
export function DecisionDialog({ id, open, onClose, choices, prefill, defaultRegimes, defaultCategory, afterWrite }: Props) {
  const decide = useDecide(afterWrite);
  // Nothing is chosen for the user (docs/product.md, Reporting clocks): a decision is a deliberate act.
  const [decision, setDecision] = useState<Decision | null>(prefill && choices.includes(prefill) ? prefill : null);
  // Category and regimes here; the rationale typed is a draft kept when the dialog closes unsaved (docs/product.md, Forms: drafts).
  const [clockFields, setClockFields] = useState<Omit<DecisionDraft, 'rationale'>>(() => draftOf(defaultRegimes, defaultCategory));
  const [rationale, setRationale, discardRationale] = useDraft(`rationale:${id}`);
  const draft: DecisionDraft = { ...clockFields, rationale };
  const setDraft = ({ rationale: text, ...rest }: DecisionDraft) => {
    setRationale(text);
    setClockFields(rest);
  };
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const errors = tried && decision ? draftErrors(draft, decision) : {};
  const busy = decide.isPending;

  function send() {
    if (!decision) return;
    decide.mutate(
      { id, body: decideBody(draft, decision) },
      {
        onSuccess: () => {
          toast.success('Reportability decision recorded');
          discardRationale();
          onClose();
        },
        onError: (error) => {
          setConfirming(false);
          toast.error(messageOf(error, 'Failed to record the decision'));
        },
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // A closing dialog (a second click of a double-click after the write) does nothing.
    if (busy || !open) return;
    setTried(true);
    if (!decision || Object.keys(draftErrors(draft, decision)).length > 0) return;
    if (decision === 'reportable' && !confirming) return setConfirming(true);
    send();
  }

  return (
    <Modal open={open} onClose={onClose} title="Record reportability decision" busy={busy} size="md">
      <form onSubmit={submit} noValidate>
        {confirming ? (
          <DialogBody className="space-y-3 text-sm text-slate-700">
            <p className="font-medium text-slate-900">Record this submission as reportable?</p>
            <p>A reportable decision cannot be undone. Its reporting clocks run from the become-aware date until each report is filed.</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-md bg-slate-50 p-3">
              <dt className="text-slate-500">Category</dt>
              <dd>{CATEGORY_LABELS[draft.category]}</dd>
              <dt className="text-slate-500">Regimes</dt>
              <dd>{draft.regimes.map((r) => REGIME_LABELS[r]).join(', ')}</dd>
              <dt className="text-slate-500">Rationale</dt>
              <dd className="whitespace-pre-wrap wrap-anywhere">{draft.rationale.trim()}</dd>
            </dl>
          </DialogBody>
        ) : (
          <DialogBody className="space-y-4">
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Decision</legend>
              <div className="mt-1.5 flex flex-wrap gap-x-6 gap-y-2">
                {choices.map((choice) => (
                  <label key={choice} className="flex items-center gap-2 text-sm text-slate-800">
                    <input type="radio" name="decision" value={choice} checked={decision === choice} onChange={() => setDecision(choice)} className="size-4 border-slate-300 text-brand-700 focus:ring-brand-600" />
                    {DECISION_TEXT[choice]}
                  </label>
                ))}
              </div>
              {tried && !decision && <p className="mt-1.5 text-sm text-red-700">Choose a decision.</p>}
              {choices.length === 1 && choices[0] === 'reportable' && (
                <p className="mt-1.5 text-sm text-slate-600">A reportable submission stays reportable; a new decision may change its rationale, category and regimes.</p>
              )}
            </fieldset>
            <DecisionFields draft={draft} onChange={setDraft} withClockFields={decision === 'reportable'} rationaleLabel="Rationale" errors={errors} autoFocus />
            {decision === 'not_reportable' && <p className="text-sm text-slate-600">Not reportable stops the reporting clocks. It may later be revised to reportable with a new rationale.</p>}
          </DialogBody>
        )}
        <ConfirmStepActions confirming={confirming} busy={busy} onBack={() => setConfirming(false)} onCancel={onClose} nextLabel={decision === 'not_reportable' ? 'Record decision' : 'Continue'} />
      </form>
    </Modal>
  );
}
