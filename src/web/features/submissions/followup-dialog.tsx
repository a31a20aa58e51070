import { type FormEvent, useState } from 'react';
import { FOLLOWUP_MAX, type SubmissionRow } from '#shared/contract/submissions';
import { messageOf } from '../../lib/api-client.ts';
import { formatMoment } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.ts';
import { DialogBody, FormActions, Modal } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import { useFollowups, useSaveFollowup } from './api.ts';
import { actorName } from './history-format.ts';

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
            <p className="mt-0.5 whitespace-pre-wrap text-slate-900 wrap-anywhere">{note.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Follow-Ups. Each save is kept as a note of its own (docs/product.md, Statuses); the earlier ones show
 * above the textarea, which starts empty for the next effort.
 */
export function FollowupDialog({ submission, open, onClose }: Props) {
  const save = useSaveFollowup();
  const [text, setText] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const followup = text.trim();
    // Save does nothing when the text is blank after trimming or there is no id.
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
    <Modal open={open} onClose={onClose} title="Follow-Ups" description={`Good faith efforts for the submission of ${submission.submitter || submission.submissionId}.`} busy={save.isPending} size="lg">
      <form onSubmit={submit}>
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
            hint="Saving adds a note with your name and the time; earlier notes are kept."
            autoFocus
          />
        </DialogBody>
        <FormActions onCancel={onClose} busy={save.isPending} />
      </form>
    </Modal>
  );
}
