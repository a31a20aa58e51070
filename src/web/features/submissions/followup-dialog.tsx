import { type FormEvent, useState } from 'react';
import {
  FOLLOWUP_MAX,
  FOLLOWUP_METHODS,
  FOLLOWUP_METHOD_LABELS,
  FOLLOWUP_OUTCOME_MAX,
  type FollowupAttempt,
  type FollowupMethod,
  type FollowupNote,
  type SubmissionRow,
} from '#shared/contract/submissions';
import { messageOf } from '../../lib/api-client.ts';
import { formatMoment } from '../../lib/dates.ts';
import { useDraft } from '../../lib/drafts.ts';
import { toast } from '../../lib/toast.ts';
import { DialogBody, FormActions, Modal } from '../../ui/dialog.tsx';
import { DateInput } from '../../ui/date-input.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { useFollowups, useSaveFollowup } from './api.ts';
import { actorName } from './history-format.ts';
import { useAccountToday } from './today.ts';

interface Props {
  submission: SubmissionRow;
  open: boolean;
  onClose: () => void;
}

/** The good faith efforts made so far, newest first, each with its author and time. */
function EarlierNotes({ id }: { id: string }) {
  const notes = useFollowups(id);
  if (notes.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4 text-brand-600" />
        Loading earlier follow-ups...
      </p>
    );
  if (notes.isError) return <p className="text-sm text-red-700">{messageOf(notes.error, 'Failed to load earlier follow-ups')}</p>;
  if (notes.data.length === 0) return null;
  return (
    <section aria-label="Earlier follow-ups" className="mb-4">
      <h3 className="mb-2 text-sm font-medium text-slate-800">Earlier follow-ups ({notes.data.length})</h3>
      <ol className="max-h-56 space-y-2 overflow-y-auto rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
        {notes.data.map((note) => (
          <li key={note.id} className="text-sm">
            <p className="text-xs text-slate-600">
              <span className="font-medium text-slate-800">{actorName(note.author)}</span> — {formatMoment(note.at)}
            </p>
            <AttemptLine note={note} />
            <p className="mt-0.5 whitespace-pre-wrap text-slate-900 wrap-anywhere">{note.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** "Phone · attempted 2026-11-24 · Left a message": what a note recorded beside its text, if anything. */
function AttemptLine({ note }: { note: Pick<FollowupNote, 'method' | 'attemptedOn' | 'outcome'> }) {
  const line = [note.method && FOLLOWUP_METHOD_LABELS[note.method], note.attemptedOn && `attempted ${note.attemptedOn}`, note.outcome].filter(Boolean).join(' · ');
  return line ? <p className="mt-0.5 text-xs text-slate-700">{line}</p> : null;
}

/**
 * Follow-Ups. Each save is kept as a note of its own (docs/product.md, Statuses); the earlier ones show
 * above the textarea, which starts empty for the next effort.
 */
export function FollowupDialog({ submission, open, onClose }: Props) {
  const save = useSaveFollowup();
  const today = useAccountToday();
  const [text, setText, discardText] = useDraft(`followup:${submission.id}`);
  const [method, setMethod] = useState<FollowupMethod | ''>('');
  const [attemptedOn, setAttemptedOn] = useState('');
  const [outcome, setOutcome] = useState('');
  const [dateError, setDateError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const followup = text.trim();
    // Save does nothing when the text is blank after trimming or there is no id.
    if (!followup || !submission.id || save.isPending) return;
    if (attemptedOn && attemptedOn > today) return setDateError('The attempt date cannot be in the future.');
    setDateError(undefined);
    const attempt: FollowupAttempt = { ...(method ? { method } : {}), ...(attemptedOn ? { attemptedOn } : {}), ...(outcome.trim() ? { outcome: outcome.trim() } : {}) };
    save.mutate(
      { id: submission.id, followup, ...attempt },
      {
        onSuccess: () => {
          toast.success('Follow-up updated successfully');
          discardText();
          setMethod('');
          setAttemptedOn('');
          setOutcome('');
          onClose();
        },
        // The dialog stays open so the text typed is not lost.
        onError: (error) => toast.error(messageOf(error, 'Failed to update follow-up')),
      },
    );
  }

  return (
    <Modal open={open} onClose={onClose} title="Follow-Ups" description={`Good faith efforts for the submission of ${submission.submitter || submission.submissionId}.`} busy={save.isPending} size="lg">
      <form noValidate onSubmit={submit}>
        <DialogBody>
          {submission.id && <EarlierNotes id={submission.id} />}
          <Textarea
            label="Follow-up details"
            name="followup"
            placeholder="Enter follow-up details"
            rows={5}
            maxLength={FOLLOWUP_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            hint="Saving adds a note with your name and the time; earlier notes are kept. Unsaved text is kept until you save it."
            autoFocus
          />
          <fieldset className="mt-4">
            <legend className="text-sm font-medium text-slate-800">This attempt (optional)</legend>
            <div className="mt-1.5 grid gap-3 sm:grid-cols-3">
              <Select
                label="Method"
                name="method"
                options={[{ value: '', label: 'Not recorded' }, ...FOLLOWUP_METHODS.map((m) => ({ value: m, label: FOLLOWUP_METHOD_LABELS[m] }))]}
                value={method}
                onChange={(e) => setMethod(e.target.value as FollowupMethod | '')}
              />
              <DateInput label="Attempt date" name="attemptedOn" max={today} value={attemptedOn} onChange={setAttemptedOn} error={dateError} />
              <Input label="Outcome" name="outcome" maxLength={FOLLOWUP_OUTCOME_MAX} placeholder="e.g. Left a message" value={outcome} onChange={(e) => setOutcome(e.target.value)} />
            </div>
          </fieldset>
        </DialogBody>
        <FormActions onCancel={onClose} busy={save.isPending} />
      </form>
    </Modal>
  );
}
