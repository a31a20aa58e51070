import { type FormEvent, useState } from 'react';
import { REGIMES } from '#shared/contract/reporting';
import { Button } from '../../ui/button.tsx';
import { DialogActions, DialogBody, Modal } from '../../ui/dialog.tsx';
import { useReportability } from './api.ts';
import { DecisionFields, type DecisionDraft, draftErrors, draftOf } from './decision-fields.tsx';

interface Props {
  id: string;
  open: boolean;
  busy: boolean;
  /** `draft` is null when no rationale was written: only the mark-reportable call is made. */
  onConfirm: (draft: DecisionDraft | null) => void;
  onCancel: () => void;
}

/**
 * "Mark as Reportable" confirmation, its texts unchanged, with an optional rationale: once
 * one is written, the category and regimes of the decision appear (regimes default to the ones
 * the submission's clocks run for).
 */
export function MarkReportableDialog({ id, open, busy, onConfirm, onCancel }: Props) {
  const reportability = useReportability(id, open);
  const defaults = reportability.data?.defaultRegimes ?? REGIMES;
  const [draft, setDraft] = useState<DecisionDraft | null>(null);
  const [tried, setTried] = useState(false);
  const current = draft ?? draftOf(defaults);
  const written = current.rationale.trim().length > 0;
  const errors = written && tried ? draftErrors(current, 'reportable') : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    // A closing dialog (a second click of a double-click after the write) does nothing.
    if (busy || !open) return;
    if (!written) return onConfirm(null);
    setTried(true);
    if (Object.keys(draftErrors(current, 'reportable')).length > 0) return;
    onConfirm(current);
  }

  return (
    <Modal open={open} onClose={onCancel} title="Mark as Reportable" busy={busy} size="md">
      <form onSubmit={submit} noValidate>
        <DialogBody className="space-y-4">
          <p className="text-sm text-slate-700">Do you want to mark this submission as reportable?</p>
          <DecisionFields
            draft={current}
            onChange={setDraft}
            withClockFields={written}
            rationaleLabel="Rationale (optional)"
            rationaleHint={written ? undefined : 'Why it is reportable; written here, it is recorded as the reportability decision with its category and regimes.'}
            errors={errors}
          />
        </DialogBody>
        <DialogActions>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} busyText="Please wait...">
            Confirm
          </Button>
        </DialogActions>
      </form>
    </Modal>
  );
}
