import { type FormEvent, useState } from 'react';
import { REASON_MIN, REPLY_CHANNELS, REPLY_CHANNEL_LABELS, SUMMARY_MAX } from '#shared/contract/closure';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { DateInput } from '../../ui/date-input.tsx';
import { DialogBody, FormActions, Modal } from '../../ui/dialog.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { Select } from '../../ui/select.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { type ReplyBody, useRecordReply } from './api.ts';

interface Props {
  id: string;
  open: boolean;
  onClose: () => void;
  afterWrite: (id: string) => void;
  /** Today on the account's calendar: a reply is not dated later. */
  today: string;
}

const OUTCOMES = [
  { value: 'replied', label: 'Replied' },
  { value: 'not_needed', label: 'No reply needed' },
] as const;

const CHANNEL_OPTIONS = REPLY_CHANNELS.map((c) => ({ value: c, label: REPLY_CHANNEL_LABELS[c] }));

/** Records the reply to the complainant (date, channel, text) or why none is needed. */
export function ReplyDialog({ id, open, onClose, afterWrite, today }: Props) {
  const record = useRecordReply(afterWrite);
  const [outcome, setOutcome] = useState<'replied' | 'not_needed' | null>(null);
  const [repliedOn, setRepliedOn] = useState(today);
  const [channel, setChannel] = useState<(typeof REPLY_CHANNELS)[number]>('email');
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  // What is wrong with the form as it stands; shown once a submit was tried.
  const problems =
    outcome === 'replied'
      ? { repliedOn: repliedOn ? undefined : 'Give the date of the reply.', text: text.trim() ? undefined : 'Give what the reply said.' }
      : { reason: reason.trim().length >= REASON_MIN ? undefined : `The reason must be at least ${REASON_MIN} characters.` };
  const errors: Partial<Record<'repliedOn' | 'text' | 'reason', string>> = tried ? problems : {};

  function submit(event: FormEvent) {
    event.preventDefault();
    if (record.isPending || !open) return;
    setTried(true);
    if (!outcome || Object.values(problems).some(Boolean)) return;
    const body: ReplyBody = outcome === 'replied' ? { outcome, repliedOn, channel, text: text.trim() } : { outcome, reason: reason.trim() };
    record.mutate(
      { id, body },
      {
        onSuccess: () => {
          toast.success('Reply recorded');
          onClose();
        },
        onError: (error) => toast.error(messageOf(error, 'Failed to record the reply')),
      },
    );
  }

  return (
    <Modal open={open} onClose={onClose} title="Record reply to the complainant" busy={record.isPending} size="md">
      <form onSubmit={submit} noValidate>
        <DialogBody className="space-y-4">
          <RadioGroup legend="Did the complainant get a reply?" name="reply-outcome" options={OUTCOMES} value={outcome} onChange={setOutcome} error={tried && !outcome ? 'Choose whether a reply was sent.' : undefined} />
          {outcome === 'replied' && (
            <>
              <div className="grid grid-cols-2 gap-3">
                <DateInput label="Date of the reply" value={repliedOn} max={today} onChange={setRepliedOn} error={errors.repliedOn} />
                <Select label="Channel" options={CHANNEL_OPTIONS} value={channel} onChange={(e) => setChannel(e.target.value as typeof channel)} />
              </div>
              <Textarea label="What the reply said" required maxLength={SUMMARY_MAX} value={text} onChange={(e) => setText(e.target.value)} error={errors.text} />
            </>
          )}
          {outcome === 'not_needed' && <Textarea label="Why no reply is needed" required value={reason} onChange={(e) => setReason(e.target.value)} error={errors.reason} />}
        </DialogBody>
        <FormActions onCancel={onClose} busy={record.isPending} submitLabel="Record reply" />
      </form>
    </Modal>
  );
}
