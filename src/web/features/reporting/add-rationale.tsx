import type { Decision } from '#shared/contract/reporting';
import { Button } from '../../ui/button.tsx';
import { DialogActions, DialogBody, Modal } from '../../ui/dialog.tsx';
import { type AfterReportingWrite, useReportability } from './api.ts';
import { AssessmentDialog } from './assessment-dialog.tsx';

/**
 * Shown after "Mark as Reportable" was confirmed: the submission is reportable but its decision has
 * no reason yet, and now is when the person knows it.
 */
export function RationaleOffer({ open, onAdd, onLater }: { open: boolean; onAdd: () => void; onLater: () => void }) {
  return (
    <Modal open={open} onClose={onLater} title="Marked as reportable" size="md">
      <DialogBody className="space-y-2 text-sm text-slate-700">
        <p>The submission is reportable, but its decision has no rationale yet: it is listed among the decisions missing a rationale until one is recorded.</p>
        <p>Add the rationale now: answer the reportability questions, record why it is reportable, and sign it.</p>
      </DialogBody>
      <DialogActions>
        <Button variant="secondary" onClick={onLater}>
          Later
        </Button>
        <Button onClick={onAdd}>
          Add rationale now
        </Button>
      </DialogActions>
    </Modal>
  );
}

const ONLY_REPORTABLE: readonly Decision[] = ['reportable'];

/** The assessment for a reportable submission's missing rationale, from the list: reportable is the only decision left. */
export function AddRationaleDialog({ id, open, onClose, afterWrite, becomeAwareDate, today }: { id: string; open: boolean; onClose: () => void; afterWrite: AfterReportingWrite; becomeAwareDate: string; today: string }) {
  const reportability = useReportability(id, open);
  if (!reportability.data) return null;
  return (
    <AssessmentDialog
      id={id}
      open={open}
      onClose={onClose}
      choices={ONLY_REPORTABLE}
      becomeAwareDate={becomeAwareDate}
      today={today}
      clocks={reportability.data.reportingClocks}
      reports={reportability.data.reports}
      afterWrite={afterWrite}
    />
  );
}
