import { type FormEvent, useState } from 'react';
import type { SubmissionRow } from '#shared/contract/submissions';
import { messageOf } from '../../lib/api-client.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { toast } from '../../lib/toast.ts';
import { DialogBody, FormActions, Modal } from '../../ui/dialog.tsx';
import { Input } from '../../ui/input.tsx';
import { ValuePreviewList } from '../field-mapping/index.ts';
import { type AfterWrite, createdProcessText, useCreateQualityProcess, useTransferPreview } from './api.ts';

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
  const title = useDebouncedValue(name.trim());
  const preview = useTransferPreview(submission.id, title, open);

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
          onClose();
          void createdProcessText(submission.id).then((detail) => toast.success('Status updated successfully', detail));
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
      size="lg"
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
          <section aria-labelledby="transfer-preview-heading" className="mt-5">
            <h3 id="transfer-preview-heading" className="mb-1 text-sm font-semibold text-slate-900">
              Values sent to Arena
            </h3>
            {preview.isError ? (
              <p role="alert" className="text-sm text-red-700">{messageOf(preview.error, 'Failed to fetch the preview')}</p>
            ) : preview.data ? (
              <ValuePreviewList values={preview.data} label="Values sent to Arena" scope="template" />
            ) : (
              <p className="text-sm text-slate-600">Loading preview...</p>
            )}
          </section>
        </DialogBody>
        <FormActions onCancel={onClose} busy={create.isPending} />
      </form>
    </Modal>
  );
}
