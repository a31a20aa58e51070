import { Button } from '../../ui/button.tsx';
import { DialogActions } from '../../ui/dialog.tsx';

/**
 * The footer of a dialog that reads its entry back before sending it: Cancel and the next step,
 * then, while the entry is read back, Back and Confirm.
 */
export function ConfirmStepActions({ confirming, busy, onBack, onCancel, nextLabel, confirmLabel = 'Confirm' }: { confirming: boolean; busy: boolean; onBack: () => void; onCancel: () => void; nextLabel: string; confirmLabel?: string }) {
  return (
    <DialogActions>
      {confirming ? (
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          Back
        </Button>
      ) : (
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      )}
      <Button type="submit" busy={busy} busyText="Please wait...">
        {confirming ? confirmLabel : nextLabel}
      </Button>
    </DialogActions>
  );
}
