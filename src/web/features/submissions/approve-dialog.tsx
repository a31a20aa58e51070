import type { SubmissionRow } from '#shared/contract/submissions';
import { Button } from '../../ui/button.tsx';
import { DialogActions, DialogBody, Modal } from '../../ui/dialog.tsx';
import { Icon } from '../../ui/icons.tsx';

interface Props {
  submission: Pick<SubmissionRow, 'decision'>;
  open: boolean;
  busy: boolean;
  /** Approves; `decideLater` when the submission is undecided and the user chose to decide later. */
  onApprove: (decideLater: boolean) => void;
  onCancel: () => void;
  /** Closes this dialog and opens the reportability assessment instead. */
  onAssess: () => void;
}

/**
 * "Approve Submission". Approving sends the submission towards Arena, so an undecided one asks for
 * its reportability assessment first, or an explicit "Approve, decide later" that keeps it among
 * the decisions missing a rationale (docs/product.md, Statuses) — as Deny insists on an outcome.
 */
export function ApproveDialog({ submission, open, busy, onApprove, onCancel, onAssess }: Props) {
  const undecided = submission.decision === 'undecided';
  return (
    <Modal open={open} onClose={onCancel} title="Approve Submission" busy={busy} size={undecided ? 'md' : 'sm'}>
      <DialogBody className="space-y-3 text-sm text-slate-700">
        <p>Approve this submission for transfer to Arena? It moves to Pending Transfer, where its quality process can be created.</p>
        {undecided && (
          <div className="flex gap-2 rounded-md bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-200">
            <Icon name="warning" className="mt-0.5 size-5 shrink-0 text-amber-700" />
            <p>
              <span className="font-semibold">Its reportability is not decided yet.</span> Assess it first, or approve now and decide later: it then stays on
              “Decisions missing a rationale” until a decision is recorded.
            </p>
          </div>
        )}
      </DialogBody>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        {undecided ? (
          <>
            <Button variant="secondary" onClick={onAssess} disabled={busy}>
              Assess reportability
            </Button>
            <Button onClick={() => onApprove(true)} busy={busy} busyText="Please wait...">
              Approve, decide later
            </Button>
          </>
        ) : (
          <Button onClick={() => onApprove(false)} busy={busy} busyText="Please wait...">
            Approve
          </Button>
        )}
      </DialogActions>
    </Modal>
  );
}
