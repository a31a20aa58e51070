import { useCallback, useRef, useState } from 'react';
import type { SubmissionRow } from '#shared/contract/submissions';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { CreateQualityProcessDialog, type QualityProcessDialog, StepsDialog } from '../quality-process/index.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { AddRationaleDialog, RationaleOffer } from '../reporting/index.ts';
import { useMarkReportable, useReloadAfterAction } from './api.ts';
import { useMarkDelivered } from './deliver.ts';
import { DeliveredDialog } from './delivered-dialog.tsx';
import { FollowupDialog } from './followup-dialog.tsx';
import { useAccountToday } from './today.ts';

/** `rationale-offer` follows a mark-reportable confirmed without a rationale; `rationale` records it. */
export type DialogKind = 'followup' | 'reportable' | 'rationale-offer' | 'rationale' | 'delivered' | QualityProcessDialog;
export type Screen = 'list' | 'details';

interface Target {
  kind: DialogKind;
  submission: SubmissionRow;
  /** A fresh key per opening, so a form dialog starts from the submission's current values. */
  key: number;
}

/**
 * The list's dialogs (docs/product.md, Screens), shared by the list and the details screen. They render outside the
 * table: a dialog inside a row would pass its clicks up the React tree to the row's own click.
 */
export function useSubmissionDialogs(screen: Screen) {
  // `target` outlives `open` so a closing dialog keeps its content while it fades out.
  const [target, setTarget] = useState<Target | null>(null);
  const [open, setOpen] = useState(false);
  const reportable = useMarkReportable(screen);
  const delivered = useMarkDelivered();
  const afterWrite = useReloadAfterAction();
  const today = useAccountToday();
  // A second click while the mark runs does nothing.
  const marking = useRef(false);
  const [markBusy, setMarkBusy] = useState(false);

  const openDialog = useCallback((kind: DialogKind, submission: SubmissionRow) => {
    setTarget((previous) => ({ kind, submission, key: (previous?.key ?? 0) + 1 }));
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);

  /**
   * Confirm sends mark-reportable, which records a reportable decision without a rationale: the
   * rationale is then offered at once, through the reportability assessment.
   */
  async function confirmReportable(id: string) {
    if (marking.current) return;
    marking.current = true;
    setMarkBusy(true);
    let marked = false;
    try {
      await reportable.mutateAsync({ id });
      marked = true;
      toast.success('Marked as reportable');
      // The decision is incomplete without its reason: offer to add it now, in place of the confirmation.
      setTarget((previous) => previous && { ...previous, kind: 'rationale-offer', key: previous.key + 1 });
    } catch (error) {
      toast.error(messageOf(error, 'Failed to mark as reportable'));
    } finally {
      marking.current = false;
      setMarkBusy(false);
      if (!marked) close();
    }
  }

  function confirmDelivered(id: string) {
    // The toasts come from markDelivered; the dialog stays open only when neither call went through.
    delivered.mutate({ id }, { onSuccess: (outcome) => outcome.proceeded && close() });
  }

  let dialogs = null;
  if (target) {
    const { kind, submission, key } = target;
    switch (kind) {
      case 'followup':
        dialogs = <FollowupDialog key={key} submission={submission} open={open} onClose={close} />;
        break;
      case 'create':
        dialogs = (
          <CreateQualityProcessDialog
            key={key}
            submission={submission}
            open={open}
            onClose={close}
            errorFallback={screen === 'list' ? 'Error Creating Quality Process' : 'Error updating status'}
            afterWrite={afterWrite}
          />
        );
        break;
      case 'steps':
        dialogs = <StepsDialog key={key} submission={submission} open={open} onClose={close} />;
        break;
      case 'reportable':
        dialogs = <ConfirmDialog key={key} open={open} title="Mark as Reportable" message="Do you want to mark this submission as reportable?" busy={markBusy} onConfirm={() => void confirmReportable(submission.id)} onCancel={close} />;
        break;
      case 'rationale-offer':
        dialogs = <RationaleOffer key={key} open={open} onLater={close} onAdd={() => setTarget({ kind: 'rationale', submission, key: key + 1 })} />;
        break;
      case 'rationale':
        dialogs = <AddRationaleDialog key={key} id={submission.id} open={open} onClose={close} afterWrite={afterWrite} becomeAwareDate={submission.becomeAwareDate} today={today} />;
        break;
      case 'delivered':
        dialogs = <DeliveredDialog id={submission.id} open={open} busy={delivered.isPending} onConfirm={() => confirmDelivered(submission.id)} onCancel={close} />;
        break;
    }
  }

  return { openDialog, dialogs, busy: markBusy || delivered.isPending };
}
