import { type FormEvent, useState } from 'react';
import type { FieldMapping, PreprocessingFunction } from '#shared/contract/field-mapping';
import type { Question } from '#shared/contract/questions';
import type { TemplateStep } from '#shared/contract/quality-process';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { DialogBody, FormActions, Modal } from '../../ui/dialog.tsx';
import { Input } from '../../ui/input.tsx';
import { useSaveMapping } from './api.ts';
import { FieldPicker } from './field-picker.tsx';
import { MappedQuestionRows } from './mapped-question-rows.tsx';
import {
  MAX_DELIMITER,
  type MappingFormErrors,
  type MappingFormValues,
  canSave,
  chooseField,
  chooseStep,
  emptyMappingForm,
  formFromMapping,
  hasErrors,
  toMappingBody,
  toggleConcatenate,
  togglePredefined,
  validateMappingForm,
} from './mapping-form.ts';
import { PredefinedValueInput } from './predefined-value-input.tsx';
import { DraftPreview } from './submission-test.tsx';
import { ToggleField } from './toggle-field.tsx';

export interface MappingFormDialogProps {
  /** null: a new mapping. */
  mapping: FieldMapping | null;
  open: boolean;
  onClose: () => void;
  steps: readonly TemplateStep[];
  /** Questions that can be mapped (no headings or buttons). */
  questions: readonly Question[];
  functions: readonly PreprocessingFunction[] | undefined;
  /** Every mapping, to mark fields that are already mapped. */
  mappings: readonly FieldMapping[];
  /** The submission chosen under "Test with a submission" ('' for none): the form previews its value. */
  testSubmissionId: string;
}

/** Mapping form: the field, then a predefined value or the questions that fill it. */
export function MappingFormDialog({ mapping, open, onClose, steps, questions, functions, mappings, testSubmissionId }: MappingFormDialogProps) {
  const save = useSaveMapping();
  const [values, setValues] = useState<MappingFormValues>(() => (mapping ? formFromMapping(mapping, steps) : emptyMappingForm()));
  const [errors, setErrors] = useState<MappingFormErrors>({});
  const set = (next: MappingFormValues) => setValues(next);

  const taken = new Map(mappings.filter((m) => m._id !== mapping?._id).map((m) => [m.arenaFieldGUID, m.name]));
  const attribute = steps.flatMap((s) => s.attributes).find((a) => a.guid === values.arenaFieldGUID);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSave(values)) return;
    const found = validateMappingForm(values);
    setErrors(found);
    if (hasErrors(found)) {
      // The long form may hide the problem below the fold: take the person to the first one.
      const form = event.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    save.mutate(
      { id: mapping?._id ?? null, body: toMappingBody(values) },
      {
        onSuccess: () => {
          toast.success('Mapping Updated!');
          onClose();
        },
        onError: (error) => toast.error(messageOf(error, 'Update failed')),
      },
    );
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      busy={save.isPending}
      title={mapping ? 'Edit mapping' : 'Add mapping'}
      description="Which quality-process field to fill when a submission is transferred to Arena, and from what."
    >
      <form noValidate onSubmit={submit}>
        <DialogBody className="space-y-5">
          <FieldPicker
            steps={steps}
            stepGuid={values.stepGuid}
            fieldGuid={values.arenaFieldGUID}
            fieldName={values.name}
            taken={taken}
            onStep={(guid) => set(chooseStep(values, guid))}
            onField={(guid) => set(chooseField(values, steps, guid))}
          />

          <ToggleField
            label="Predefined"
            description="Always send the same value, whatever the submission says."
            checked={values.predefined}
            onChange={(on) => set(togglePredefined(values, on))}
          >
            <PredefinedValueInput attribute={attribute} value={values.predefinedValue} error={errors.predefinedValue} onChange={(v) => set({ ...values, predefinedValue: v })} />
          </ToggleField>

          {!values.predefined && (
            <>
              <ToggleField
                label="Concatenate"
                description="Join the answers of all the questions below; otherwise the first answer given is used."
                checked={values.concatenate}
                onChange={(on) => set(toggleConcatenate(values, on))}
              >
                <Input
                  label="Delimiter"
                  name="concatenateDelimiter"
                  required
                  autoComplete="off"
                  maxLength={MAX_DELIMITER}
                  placeholder="e.g. , or /"
                  value={values.concatenateDelimiter}
                  onChange={(e) => set({ ...values, concatenateDelimiter: e.target.value })}
                  error={errors.concatenateDelimiter}
                  hint="Placed between the answers; spaces count."
                  className="sm:max-w-xs"
                />
              </ToggleField>

              <fieldset>
                <legend className="text-sm font-semibold text-slate-900">Mapped questions</legend>
                <p className="mt-0.5 mb-3 text-sm text-slate-600">Answers are read from these form questions, in this order.</p>
                <MappedQuestionRows rows={values.rows} questions={questions} functions={functions} errors={errors.row} onChange={(rows) => set({ ...values, rows })} />
                {errors.rows && (
                  <p role="alert" className="mt-2 text-sm text-red-700">
                    {errors.rows}
                  </p>
                )}
              </fieldset>
            </>
          )}
          {testSubmissionId && <DraftPreview submissionId={testSubmissionId} id={mapping?._id ?? null} values={values} />}
        </DialogBody>
        <FormActions onCancel={onClose} busy={save.isPending} submitDisabled={!canSave(values)} submitTitle={canSave(values) ? undefined : 'Choose a quality process field first'} />
      </form>
    </Modal>
  );
}
