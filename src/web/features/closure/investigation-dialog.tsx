import { useState } from 'react';
import { REASON_MIN, RESULT_MAX, SUMMARY_MAX } from '#shared/contract/closure';
import { toast } from '../../lib/toast.ts';
import { DialogBody, FormActions, Modal } from '../../ui/dialog.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { useRecordInvestigation } from './api.ts';
import { SignFields, type SigningVia, useSignedSubmit } from '../signatures/index.ts';

interface Props {
  id: string;
  open: boolean;
  onClose: () => void;
  afterWrite: (id: string) => void;
}

const OUTCOMES = [
  { value: 'investigated', label: 'Investigated' },
  { value: 'not_investigated', label: 'No investigation' },
] as const;

/** Records the investigation (summary and result) or why there was none, signed "Investigation reviewed". */
export function InvestigationDialog({ id, open, onClose, afterWrite }: Props) {
  const record = useRecordInvestigation(afterWrite);
  const signed = useSignedSubmit('Investigation reviewed');
  const [outcome, setOutcome] = useState<'investigated' | 'not_investigated' | null>(null);
  const [summary, setSummary] = useState('');
  const [result, setResult] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  // What is wrong with the form as it stands; shown once a submit was tried.
  const problems =
    outcome === 'investigated'
      ? { summary: summary.trim() ? undefined : 'Describe what was investigated.', result: result.trim() ? undefined : 'Give the result.' }
      : { reason: reason.trim().length >= REASON_MIN ? undefined : `The reason must be at least ${REASON_MIN} characters.` };
  const errors: Partial<Record<'summary' | 'result' | 'reason', string>> = tried ? problems : {};
  const busy = record.isPending || signed.verifying;

  async function submit(via: SigningVia) {
    if (busy || !open) return;
    setTried(true);
    if (!outcome || Object.values(problems).some(Boolean)) return;
    const ok = await signed.run(
      (signature) =>
        record.mutateAsync({
          id,
          body: outcome === 'investigated' ? { outcome, summary: summary.trim(), result: result.trim(), signature } : { outcome, reason: reason.trim(), signature },
        }),
      (message) => toast.error(message),
      via,
    );
    if (ok) {
      toast.success('Investigation recorded and signed');
      onClose();
    }
  }

  return (
    <Modal open={open} onClose={onClose} title="Record investigation" busy={busy} size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit('password');
        }}
        noValidate
      >
        <DialogBody className="space-y-4">
          <RadioGroup legend="Was the complaint investigated?" name="outcome" options={OUTCOMES} value={outcome} onChange={setOutcome} error={tried && !outcome ? 'Choose whether it was investigated.' : undefined} />
          {outcome === 'investigated' && (
            <>
              <Textarea label="Summary of the investigation" required maxLength={SUMMARY_MAX} value={summary} onChange={(e) => setSummary(e.target.value)} error={errors.summary} />
              <Textarea label="Result" rows={2} required maxLength={RESULT_MAX} value={result} onChange={(e) => setResult(e.target.value)} error={errors.result} />
            </>
          )}
          {outcome === 'not_investigated' && (
            <Textarea
              label="Why no investigation is needed"
              required
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={errors.reason}
              hint="You sign as the person who decided there is no investigation."
            />
          )}
          {outcome && <SignFields meaning={signed.meaning} value={signed.credentials} onChange={signed.setCredentials} error={signed.error} onContinueWithSso={() => void submit('sso')} busy={busy} onStopWaiting={signed.stopSso} />}
        </DialogBody>
        <FormActions onCancel={onClose} busy={busy} submitLabel="Sign and record" />
      </form>
    </Modal>
  );
}
