import { type FormEvent, useState } from 'react';
import type { SubmissionRow } from '#shared/contract/submissions';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { DialogBody, FormActions, Modal } from '../../ui/dialog.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { useReview } from './api.ts';

/** Deny (Pending Review → Denied, final) needs a reason, kept with the submission (docs/product.md, Statuses). */
export function DenyDialog({ submission, open, onClose }: { submission: SubmissionRow; open: boolean; onClose: () => void }) {
  const review = useReview();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setError('A reason is required to deny a submission.');
    if (review.isPending) return;
    setError(undefined);
    review.mutate(
      { id: submission.id, decision: 'deny', reason: text },
      {
        onSuccess: () => {
          toast.success('Status updated successfully');
          onClose();
        },
        onError: (err) => toast.error(messageOf(err, 'Error updating status')),
      },
    );
  }

  return (
    <Modal open={open} onClose={onClose} title="Deny Submission" description="A denied submission is closed and cannot be transferred to Arena." busy={review.isPending}>
      <form noValidate onSubmit={submit}>
        <DialogBody>
          <Textarea label="Reason for denial" name="reason" required maxLength={2000} rows={4} placeholder="Why is this not a complaint to investigate?" value={reason} onChange={(e) => setReason(e.target.value)} error={error} autoFocus />
        </DialogBody>
        <FormActions onCancel={onClose} busy={review.isPending} submitLabel="Deny" tone="danger" />
      </form>
    </Modal>
  );
}
