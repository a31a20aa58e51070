import { type FormEvent, useState } from 'react';
import { REASON_MIN, SUMMARY_MAX } from '#shared/contract/closure';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { DialogBody, FormActions, Modal } from '../../ui/dialog.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { useClose, useReopen } from './api.ts';
import { SignFields, type SigningVia, useSignedSubmit } from '../signatures/index.ts';

interface Props {
  id: string;
  open: boolean;
  onClose: () => void;
  afterWrite: (id: string) => void;
}

/** Closes the complaint with a summary, signed "Complaint closed"; it is read-only until reopened. */
export function CloseDialog({ id, open, onClose, afterWrite }: Props) {
  const close = useClose(afterWrite);
  const signed = useSignedSubmit('Complaint closed');
  const [summary, setSummary] = useState('');
  const [tried, setTried] = useState(false);
  const short = summary.trim().length < REASON_MIN;
  const busy = close.isPending || signed.verifying;

  async function submit(via: SigningVia) {
    if (busy || !open) return;
    setTried(true);
    if (short) return;
    const ok = await signed.run((signature) => close.mutateAsync({ id, body: { summary: summary.trim(), signature } }), (message) => toast.error(message), via);
    if (ok) {
      toast.success('Complaint closed');
      onClose();
    }
  }

  return (
    <Modal open={open} onClose={onClose} title="Close complaint" busy={busy} size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit('password');
        }}
        noValidate
      >
        <DialogBody className="space-y-4">
          <p className="text-sm text-slate-700">Every closing condition is met. Once closed, the complaint cannot be changed until someone reopens it with a reason.</p>
          <Textarea label="Closing summary" required maxLength={SUMMARY_MAX} value={summary} onChange={(e) => setSummary(e.target.value)} error={tried && short ? `The summary must be at least ${REASON_MIN} characters.` : undefined} autoFocus />
          <SignFields meaning={signed.meaning} value={signed.credentials} onChange={signed.setCredentials} error={signed.error} onContinueWithSso={() => void submit('sso')} busy={busy} onStopWaiting={signed.stopSso} />
        </DialogBody>
        <FormActions onCancel={onClose} busy={busy} submitLabel="Sign and close" />
      </form>
    </Modal>
  );
}

/** Reopens a closed complaint; the reason is recorded. */
export function ReopenDialog({ id, open, onClose, afterWrite }: Props) {
  const reopen = useReopen(afterWrite);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const short = reason.trim().length < REASON_MIN;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reopen.isPending || !open) return;
    setTried(true);
    if (short) return;
    reopen.mutate(
      { id, body: { reason: reason.trim() } },
      {
        onSuccess: () => {
          toast.success('Complaint reopened');
          onClose();
        },
        onError: (error) => toast.error(messageOf(error, 'Failed to reopen the complaint')),
      },
    );
  }

  return (
    <Modal open={open} onClose={onClose} title="Reopen complaint" busy={reopen.isPending} size="md">
      <form onSubmit={submit} noValidate>
        <DialogBody className="space-y-4">
          <p className="text-sm text-slate-700">The complaint becomes open and changeable again. Its closing signature stays in the record, marked as no longer matching.</p>
          <Textarea label="Why it is reopened" required value={reason} onChange={(e) => setReason(e.target.value)} error={tried && short ? `The reason must be at least ${REASON_MIN} characters.` : undefined} autoFocus />
        </DialogBody>
        <FormActions onCancel={onClose} busy={reopen.isPending} submitLabel="Reopen" />
      </form>
    </Modal>
  );
}
