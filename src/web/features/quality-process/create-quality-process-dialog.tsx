import { type FormEvent, useState } from 'react';
import type { SubmissionRow } from '#shared/contract/submissions';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { DialogBody, FormActions, Modal } from '../../ui/dialog.tsx';
import { Input } from '../../ui/input.tsx';
import { type AfterWrite, useCreateQualityProcess } from './api.ts';

interface Props {
  submission: SubmissionRow;
  open: boolean;
  onClose: () => void;
  /** The list toasts 'Error Creating Quality Process', the details screen 'Error updating status'. */
  errorFallback: string;
  afterWrite: AfterWrite;
}

/**
 * Create Quality Process: a name, then PATCH quality-process {chTitle}; the server creates
 * it in Arena and sets the status from the outcome (docs/product.md, Statuses).
 */
export function CreateQualityProcessDialog({ submission, open, onClose, errorFallback, afterWrite }: Props) {
  const create = useCreateQualityProcess(errorFallback, afterWrite);
  const [name, setName] = useState(submission.chTitle ?? '');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const chTitle = name.trim();
    if (!chTitle) return setError('Quality Process Name is required.');
    if (create.isPending) return;
    setError(undefined);
    create.mutate(
      { id: submission.id, chTitle },
      {
        onSuccess: () => {
          toast.success('Status updated successfully');
          onClose();
        },
        onError: (err) => toast.error(messageOf(err, errorFallback)),
      },
    );
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Create Quality Process"
      description={`Creates the quality process in Arena for the submission of ${submission.submitter || submission.submissionId}.`}
      busy={create.isPending}
    >
      <form onSubmit={submit}>
        <DialogBody>
          <Input
            label="Quality Process Name"
            name="chTitle"
            placeholder="Enter name"
            required
            maxLength={200}
            autoComplete="off"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={error}
            autoFocus
          />
        </DialogBody>
        <FormActions onCancel={onClose} busy={create.isPending} />
      </form>
    </Modal>
  );
}
