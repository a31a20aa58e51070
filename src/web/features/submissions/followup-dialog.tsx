import { type FormEvent, useState } from 'react';
import { FOLLOWUP_MAX, type SubmissionRow } from '#shared/contract/submissions';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { DialogBody, FormActions, Modal } from '../../ui/dialog.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { useSaveFollowup } from './api.ts';

interface Props {
  submission: SubmissionRow;
  open: boolean;
  onClose: () => void;
}

/** Spec §2 Follow-Ups: the good faith efforts text, created or replaced (spec §4). */
export function FollowupDialog({ submission, open, onClose }: Props) {
  const save = useSaveFollowup();
  const [text, setText] = useState(submission.followup ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    const followup = text.trim();
    // Spec §5: Save does nothing when the text is blank after trimming or there is no id.
    if (!followup || !submission.id || save.isPending) return;
    save.mutate(
      { id: submission.id, followup },
      {
        onSuccess: () => {
          toast.success('Follow-up updated successfully');
          onClose();
        },
        // The dialog stays open so the text typed is not lost.
        onError: (error) => toast.error(messageOf(error, 'Failed to update follow-up')),
      },
    );
  }

  return (
    <Modal open={open} onClose={onClose} title="Follow-Ups" description={`Good faith efforts for the submission of ${submission.submitter || submission.submissionId}.`} busy={save.isPending}>
      <form onSubmit={submit}>
        <DialogBody>
          <Textarea
            label="Follow-up details"
            name="followup"
            placeholder="Enter follow-up details"
            rows={6}
            maxLength={FOLLOWUP_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            hint={submission.followup ? 'Saving replaces the current follow-up; earlier versions stay in the audit trail.' : undefined}
            autoFocus
          />
        </DialogBody>
        <FormActions onCancel={onClose} busy={save.isPending} />
      </form>
    </Modal>
  );
}
