import { type FormEvent, useState } from 'react';
import { RATIONALE_MIN } from '#shared/contract/reporting';
import type { SubmissionRow } from '#shared/contract/submissions';
import { messageOf } from '../../lib/api-client.ts';
import { useDraft } from '../../lib/drafts.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { DialogBody, FormActions, Modal } from '../../ui/dialog.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { useReview } from './api.ts';

interface Props {
  submission: SubmissionRow;
  open: boolean;
  onClose: () => void;
  /** Closes this dialog and opens the reportability decision instead. */
  onRecordDecision: () => void;
}

/**
 * Deny (Pending Review → Denied, final) needs a reason, kept with the submission. Denying closes
 * the reporting clocks, so an undecided submission is denied with its outcome: not reportable,
 * the reason as rationale, or a decision recorded first (docs/product.md, Statuses).
 */
export function DenyDialog({ submission, open, onClose, onRecordDecision }: Props) {
  const review = useReview();
  const undecided = submission.decision === 'undecided';
  const [reason, setReason, discardReason] = useDraft(`deny:${submission.id}`);
  const [notReportable, setNotReportable] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [outcomeError, setOutcomeError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setError('A reason is required to deny a submission.');
    if (undecided && !notReportable) return setOutcomeError('Choose the reportability outcome: not reportable, or record a decision.');
    if (undecided && text.length < RATIONALE_MIN) return setError(`The reason becomes the not-reportable rationale: at least ${RATIONALE_MIN} characters.`);
    if (review.isPending) return;
    setError(undefined);
    setOutcomeError(undefined);
    review.mutate(
      { id: submission.id, decision: 'deny', reason: text, ...(undecided ? { notReportable: true as const } : {}) },
      {
        onSuccess: () => {
          toast.success('Status updated successfully');
          discardReason();
          onClose();
        },
        onError: (err) => toast.error(messageOf(err, 'Error updating status')),
      },
    );
  }

  return (
    <Modal open={open} onClose={onClose} title="Deny Submission" description="A denied submission is closed and cannot be transferred to Arena." busy={review.isPending}>
      <form noValidate onSubmit={submit}>
        <DialogBody className="space-y-4">
          <Textarea label="Reason for denial" name="reason" required maxLength={2000} rows={4} placeholder="Why is this not a complaint to investigate?" value={reason} onChange={(e) => setReason(e.target.value)} error={error} autoFocus />
          {undecided && (
            <fieldset aria-describedby={outcomeError ? 'deny-outcome-error' : undefined} className="rounded-md bg-amber-50 p-3 ring-1 ring-amber-200">
              <legend className="sr-only">Reportability outcome</legend>
              <p className="text-sm text-slate-800">No reportability decision is recorded. Denying closes the reporting clocks, so record the outcome:</p>
              <label className="mt-2 flex items-start gap-2 text-sm font-medium text-slate-900">
                <input type="checkbox" checked={notReportable} onChange={(e) => setNotReportable(e.target.checked)} className="mt-0.5 size-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600" />
                Not reportable — the reason for denial is its rationale
              </label>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                or
                <Button size="sm" variant="secondary" onClick={onRecordDecision}>
                  Record a decision
                </Button>
              </div>
              {outcomeError && (
                <p id="deny-outcome-error" className="mt-2 text-sm text-red-700">
                  {outcomeError}
                </p>
              )}
            </fieldset>
          )}
        </DialogBody>
        <FormActions onCancel={onClose} busy={review.isPending} submitLabel="Deny" tone="danger" />
      </form>
    </Modal>
  );
}
