import { useCallback, useRef, useState } from 'react';
import type { SubmissionRow } from '#shared/contract/submissions';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { CreateQualityProcessDialog, type QualityProcessDialog, StepsDialog } from '../quality-process/index.ts';
import { type DecisionDraft, MarkReportableDialog, decideBody, useDecide } from '../reporting/index.ts';
import { useMarkReportable, useReloadAfterAction } from './api.ts';
import { useMarkDelivered } from './deliver.ts';
import { DeliveredDialog } from './delivered-dialog.tsx';
import { FollowupDialog } from './followup-dialog.tsx';

export type DialogKind = 'followup' | 'reportable' | 'delivered' | QualityProcessDialog;
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
  const decide = useDecide(afterWrite);
  // Mark, then the decision: one flow, so a second click while either runs does nothing.
  const marking = useRef(false);
  const [markBusy, setMarkBusy] = useState(false);

  const openDialog = useCallback((kind: DialogKind, submission: SubmissionRow) => {
    setTarget((previous) => ({ kind, submission, key: (previous?.key ?? 0) + 1 }));
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);

  /**
   * Confirm always sends mark-reportable; a rationale written in the dialog is then
   * recorded as the reportability decision (PUT reportability).
   */
  async function confirmReportable(id: string, draft: DecisionDraft | null) {
    if (marking.current) return;
    marking.current = true;
    setMarkBusy(true);
    try {
      try {
        await reportable.mutateAsync({ id });
      } catch (error) {
        toast.error(messageOf(error, 'Failed to mark as reportable'));
        return;
      }
      if (draft) {
        try {
          await decide.mutateAsync({ id, body: decideBody(draft, 'reportable') });
        } catch (error) {
          toast.error(`Marked as reportable, but the rationale was not recorded: ${messageOf(error, 'Failed to record the decision')} Record it in the Reportability section of the submission.`);
          return;
        }
      }
      toast.success('Marked as reportable');
    } finally {
      marking.current = false;
      setMarkBusy(false);
      close();
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
        dialogs = <MarkReportableDialog key={key} id={submission.id} open={open} busy={markBusy} onConfirm={(draft) => void confirmReportable(submission.id, draft)} onCancel={close} />;
        break;
      case 'delivered':
        dialogs = <DeliveredDialog id={submission.id} open={open} busy={delivered.isPending} onConfirm={() => confirmDelivered(submission.id)} onCancel={close} />;
        break;
    }
  }

  return { openDialog, dialogs, busy: markBusy || delivered.isPending };
}
