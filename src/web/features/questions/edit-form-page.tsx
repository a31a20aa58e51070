import { useEffect, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import type { Question } from '#shared/contract/questions';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states.tsx';
import { useReviewedForm } from '../submissions/index.ts';
import { AddQuestionDialog } from './add-question-dialog.tsx';
import { QUESTIONS_FETCH_FAILED, useDeleteQuestion, useQuestions, useSaveQuestionOrder } from './api.ts';
import { nextOrder } from './question-form.ts';
import { QuestionList } from './question-list.tsx';
import { useQuestionOrder } from './question-order.ts';
import { questionLabel } from './question-row.tsx';
import { ESSENTIAL_TYPES } from './question-types.ts';
import { SaveOrderBar } from './save-order-bar.tsx';

/** The extra confirmation for the Submit button and the captcha: what breaks, and a box to tick. */
function EssentialWarning({ what, consequence, checked, onChange }: { what: string; consequence: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-900">
      <p className="font-semibold">This is {what}.</p>
      <p className="mt-1">{consequence}</p>
      <label className="mt-2 flex items-start gap-2 font-medium">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="mt-0.5 size-4 shrink-0 rounded border-red-400 text-red-700 focus-visible:outline-2 focus-visible:outline-red-600" />
        Delete it anyway
      </label>
    </div>
  );
}

/** /dashboard/jotforms/edit (docs/product.md, Screens: Edit Form; ADR 004 for saving the order). */
export function EditFormPage() {
  const navigate = useNavigate();
  const form = useReviewedForm();
  const formId = form.data?.id ?? '';
  const questions = useQuestions(form.data?.id);
  const order = useQuestionOrder(questions.data);
  const saveOrder = useSaveQuestionOrder(formId);
  const remove = useDeleteQuestion(formId);
  const [adding, setAdding] = useState(false);
  // The question outlives `confirmOpen` so the dialog keeps its text while it fades out.
  const [deleting, setDeleting] = useState<Question | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // Deleting the Submit button or the captcha needs a second, explicit yes.
  const [understood, setUnderstood] = useState(false);
  const askDelete = (question: Question) => {
    setDeleting(question);
    setUnderstood(false);
    setConfirmOpen(true);
  };
  const essential = deleting ? ESSENTIAL_TYPES[deleting.type] : undefined;

  // A failed fetch is also toasted; once per failure, not on every render.
  const fetchError = questions.isError ? messageOf(questions.error, QUESTIONS_FETCH_FAILED) : null;
  useEffect(() => {
    if (fetchError) toast.error(fetchError);
  }, [fetchError, questions.errorUpdatedAt]);

  // An unsaved order is lost on leaving (ADR 004): ask first, in the app and on reload or close.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => order.changed && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!order.changed) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [order.changed]);

  function save() {
    saveOrder.mutate(
      order.items.map((q) => q.qid),
      {
        onSuccess: () => {
          order.reset();
          toast.success('Question order saved!');
        },
        onError: (error) => toast.error(messageOf(error, 'Failed to save the question order')),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.qid, {
      onSuccess: () => toast.success('Question Deleted!'),
      onError: (error) => toast.error(messageOf(error, 'Question Deletion failed')),
      onSettled: () => setConfirmOpen(false),
    });
  }

  const count = questions.data?.length;
  return (
    <>
      <PageHeader
        title="Edit Form"
        description={
          form.data
            ? `Questions of “${form.data.title}”${count === undefined ? '' : ` (${count})`}, top to bottom. Drag a question by its handle to move it.`
            : undefined
        }
        actions={
          <>
            <Button onClick={() => setAdding(true)} disabled={!form.data || questions.isPending}>
              <Icon name="plus" className="size-4" />
              Add Question
            </Button>
            {/* Closes the editor by going up one level, to the submissions list. */}
            <Button variant="secondary" onClick={() => void navigate('..', { relative: 'path' })} aria-label="Close" title="Close">
              <Icon name="close" className="size-5" />
            </Button>
          </>
        }
      />

      {form.isError ? (
        <ErrorState message={messageOf(form.error, 'Failed to fetch forms')} action={<Button variant="secondary" onClick={() => void form.refetch()}>Try again</Button>} />
      ) : form.data === null ? (
        <EmptyState title="No form is configured">The portal has no JotForm form to edit.</EmptyState>
      ) : fetchError ? (
        <ErrorState message={fetchError} action={<Button variant="secondary" onClick={() => void questions.refetch()}>Try again</Button>} />
      ) : !questions.data ? (
        <LoadingState text="Loading form questions..." />
      ) : order.items.length === 0 ? (
        <EmptyState title="No questions yet" icon="list">
          Add the form’s first question with Add Question.
        </EmptyState>
      ) : (
        <>
          <QuestionList items={order.items} isMoved={order.isMoved} numberOf={order.numberOf} onMove={order.move} onDelete={askDelete} />
          {order.changed && <SaveOrderBar reason={order.reason} saving={saveOrder.isPending} onSave={save} onDiscard={order.reset} />}
        </>
      )}

      {form.data && <AddQuestionDialog formId={form.data.id} open={adding} nextOrder={nextOrder(questions.data ?? [])} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={confirmOpen}
        title="Delete question?"
        message={
          deleting && (
            <>
              <p>
                “{questionLabel(deleting)}” (Id : {deleting.qid}) is removed from the JotForm form.
              </p>
              <p className="mt-2">Answers already submitted are kept. This cannot be undone here.</p>
              {essential && <EssentialWarning what={essential.what} consequence={essential.consequence} checked={understood} onChange={setUnderstood} />}
            </>
          )
        }
        confirmLabel="Delete"
        tone="danger"
        confirmDisabled={!!essential && !understood}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmOpen(false)}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving the order?"
        message="The new question order has not been saved. Leaving discards it."
        confirmLabel="Leave"
        tone="danger"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </>
  );
}
