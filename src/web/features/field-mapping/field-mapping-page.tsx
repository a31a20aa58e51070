import { useState } from 'react';
import type { FieldMapping } from '#shared/contract/field-mapping';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states.tsx';
import { useDeleteMapping, useFormQuestions, useMappings, usePreprocessingFunctions, useTemplateSteps } from './api.ts';
import { MappingFormDialog } from './mapping-form-dialog.tsx';
import { MappingList } from './mapping-list.tsx';
import { SubmissionTest } from './submission-test.tsx';
import { ScreeningQuestionsSection } from '../triage/index.ts';
import { ComplaintFieldsPanel } from './complaint-fields-panel.tsx';

/** /dashboard/configurations/field-mapping (docs/product.md, Screens: Configurations, tab 'Field Mapping'). */
export function FieldMappingPage() {
  const mappings = useMappings();
  const steps = useTemplateSteps();
  const questions = useFormQuestions();
  const functions = usePreprocessingFunctions();
  const remove = useDeleteMapping();
  // Each opening gets a new key, so the form starts from the mapping (or blank) every time;
  // the target outlives `formOpen` so the dialog keeps its content while it fades out.
  const [form, setForm] = useState<{ mapping: FieldMapping | null; key: number } | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<FieldMapping | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [testSubmissionId, setTestSubmissionId] = useState('');

  const ready = !!steps.data && !!questions.mappable;
  const openForm = (mapping: FieldMapping | null) => {
    setForm((previous) => ({ mapping, key: (previous?.key ?? 0) + 1 }));
    setFormOpen(true);
  };

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => toast.success('Mapping Object Deleted!'),
      onError: (error) => toast.error(`Failed to delete mapping: ${messageOf(error, 'the server could not be reached.')}`),
      onSettled: () => setConfirmOpen(false),
    });
  }

  // What the form needs besides the list: without it a mapping cannot be added or edited.
  const formError = steps.error ?? questions.error;
  return (
    <section aria-labelledby="field-mapping-heading">
      <SectionHeader
        id="field-mapping-heading"
        title="Field mappings"
        description="How each quality-process field in Arena is filled from a form submission."
        action={
          <Button onClick={() => openForm(null)} disabled={!ready} className="shrink-0">
            <Icon name="plus" className="size-4" />
            Add mapping
          </Button>
        }
      />

      {formError && (
        <div className="mb-4">
          <ErrorState
            message={messageOf(formError, 'Failed to fetch the quality process template')}
            action={
              <Button variant="secondary" onClick={() => (steps.isError ? void steps.refetch() : questions.refetch())}>
                Try again
              </Button>
            }
          />
        </div>
      )}

      {mappings.isError ? (
        <ErrorState message={messageOf(mappings.error, 'Failed to fetch field mappings')} action={<Button variant="secondary" onClick={() => void mappings.refetch()}>Try again</Button>} />
      ) : !mappings.data ? (
        <LoadingState text="Loading field mappings..." />
      ) : mappings.data.length === 0 ? (
        <EmptyState title="No field mappings yet" icon="adjustments">
          Add a mapping to fill a quality-process field from the form’s answers.
        </EmptyState>
      ) : (
        <MappingList
          mappings={mappings.data}
          steps={steps.data}
          questions={questions.all}
          onEdit={(mapping) => openForm(mapping)}
          canEdit={ready}
          onDelete={(mapping) => {
            setDeleting(mapping);
            setConfirmOpen(true);
          }}
        />
      )}

      <SubmissionTest submissionId={testSubmissionId} onChange={setTestSubmissionId} />

      <ScreeningQuestionsSection questions={questions.all} />

      <ComplaintFieldsPanel />

      {form && steps.data && questions.mappable && (
        <MappingFormDialog
          key={form.key}
          mapping={form.mapping}
          open={formOpen}
          onClose={() => setFormOpen(false)}
          steps={steps.data}
          questions={questions.mappable}
          functions={functions.data}
          mappings={mappings.data ?? []}
          testSubmissionId={testSubmissionId}
        />
      )}
      <ConfirmDialog
        open={confirmOpen}
        title="Delete mapping?"
        message={deleting && <p>The mapping of “{deleting.name}” is removed. Quality processes created from now on no longer fill this field.</p>}
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmOpen(false)}
      />
    </section>
  );
}
