import { type FormEvent, useState } from 'react';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { DialogBody, FormActions, Modal } from '../../ui/dialog.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { useAddQuestion } from './api.ts';
import { ORDER_MAX, QUESTION_TYPE_OPTIONS, type QuestionFormErrors, type QuestionFormValues, TEXT_MAX, emptyQuestionForm, toNewQuestion, validateQuestionForm } from './question-form.ts';

interface Props {
  formId: string;
  open: boolean;
  /** Proposed order: after the last question. */
  nextOrder: number;
  onClose: () => void;
}

/** Edit Form add dialog; on success it toasts, closes and the list reloads. */
export function AddQuestionDialog({ formId, open, nextOrder, onClose }: Props) {
  const add = useAddQuestion(formId);
  const [values, setValues] = useState<QuestionFormValues>(() => emptyQuestionForm(nextOrder));
  const [errors, setErrors] = useState<QuestionFormErrors>({});
  // Reset when reopened, so a new question starts blank with the then-current next order.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setValues(emptyQuestionForm(nextOrder));
      setErrors({});
    }
  }

  const set = (patch: Partial<QuestionFormValues>) => setValues((v) => ({ ...v, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateQuestionForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    add.mutate(toNewQuestion(values), {
      onSuccess: () => {
        toast.success('Question Added!');
        onClose();
      },
      onError: (error) => toast.error(messageOf(error, 'Failed to add form question')),
    });
  }

  return (
    <Modal open={open} onClose={onClose} title="Add Question" description="The question is added to the JotForm form right away." busy={add.isPending}>
      <form noValidate onSubmit={submit}>
        <DialogBody className="space-y-4">
          <Input label="Question text" name="text" required autoComplete="off" maxLength={TEXT_MAX} value={values.text} onChange={(e) => set({ text: e.target.value })} error={errors.text} />
          <Input
            label="Order"
            name="order"
            type="number"
            inputMode="numeric"
            min={1}
            max={ORDER_MAX}
            step={1}
            required
            value={values.order}
            onChange={(e) => set({ order: e.target.value })}
            error={errors.order}
            hint="Its position in the form; 1 is the top."
          />
          <Select
            label="Type"
            name="type"
            required
            placeholder="-- Select Type --"
            options={QUESTION_TYPE_OPTIONS}
            value={values.type}
            onChange={(e) => set({ type: e.target.value })}
            error={errors.type}
            hint="Types shown greyed out cannot be added from the portal."
          />
        </DialogBody>
        <FormActions onCancel={onClose} busy={add.isPending} />
      </form>
    </Modal>
  );
}
