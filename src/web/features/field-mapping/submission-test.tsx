import type { SubmissionRow } from '#shared/contract/submissions';
import { messageOf } from '../../lib/api-client.ts';
import { dateTimeParts } from '../../lib/dates.ts';
import { Select } from '../../ui/select.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { type PreviewDraft, useMappingPreview, useSubmissionChoices } from './api.ts';
import { type MappingFormValues, canSave, hasErrors, toMappingBody, validateMappingForm } from './mapping-form.ts';
import { ValuePreviewList } from './value-preview.tsx';

function choiceLabel(s: SubmissionRow): string {
  const date = dateTimeParts(s.submissionDate)?.date ?? s.created_at.slice(0, 10);
  return `${date} · ${s.submitter.trim() || 'No name given'} · ${s.chNumber ?? s.submissionStatus}`;
}

/** The submission to test with: one of the newest. */
export function SubmissionChoice({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const choices = useSubmissionChoices();
  const options = (choices.data?.results ?? []).map((s) => ({ value: s.id, label: choiceLabel(s) }));
  return (
    <Select
      label="Submission"
      name="testSubmission"
      placeholder={choices.isPending ? 'Loading submissions...' : '-- Select Submission --'}
      options={options}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint="One of the 50 newest submissions."
      className="sm:max-w-xl"
    />
  );
}

/** What the chosen submission gives each mapped field (with an unsaved mapping, when given). */
export function SubmissionPreview({ submissionId, draft, label }: { submissionId: string; draft?: PreviewDraft | null; label: string }) {
  const preview = useMappingPreview(submissionId, draft ?? null);
  if (!submissionId) return null;
  if (preview.isError) return <ErrorState message={messageOf(preview.error, 'Failed to fetch the preview')} />;
  if (!preview.data) return <LoadingState text="Loading preview..." />;
  return <ValuePreviewList values={preview.data} label={label} />;
}

/** "Test with a submission": pick one, see exactly what a transfer would send. */
export function SubmissionTest({ submissionId, onChange }: { submissionId: string; onChange: (id: string) => void }) {
  return (
    <section aria-labelledby="mapping-test-heading" className="mt-8 rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200">
      <h3 id="mapping-test-heading" className="text-base font-semibold text-slate-900">
        Test with a submission
      </h3>
      <p className="mt-0.5 mb-3 text-sm text-slate-600">The values each Arena field would receive if this submission were transferred now.</p>
      <SubmissionChoice value={submissionId} onChange={onChange} />
      <div className="mt-4">
        <SubmissionPreview submissionId={submissionId} label="Values sent to Arena" />
      </div>
    </section>
  );
}

/** In the mapping form: what the mapping as it stands gives its field from the test submission. */
export function DraftPreview({ submissionId, id, values }: { submissionId: string; id: string | null; values: MappingFormValues }) {
  const complete = canSave(values) && !hasErrors(validateMappingForm(values));
  const preview = useMappingPreview(complete ? submissionId : '', complete ? { id, mapping: toMappingBody(values) } : null);
  const mine = preview.data?.filter((v) => v.arenaFieldGUID === values.arenaFieldGUID);
  return (
    <section aria-labelledby="draft-preview-heading" className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <h3 id="draft-preview-heading" className="mb-2 text-sm font-semibold text-slate-900">
        Value from the test submission
      </h3>
      {!complete ? (
        <p className="text-sm text-slate-600">Complete the mapping to see the value it sends.</p>
      ) : preview.isError ? (
        <p role="alert" className="text-sm text-red-700">{messageOf(preview.error, 'Failed to fetch the preview')}</p>
      ) : mine ? (
        <ValuePreviewList values={mine} label="Value sent to Arena" summary={false} />
      ) : (
        <p className="text-sm text-slate-600">Loading preview...</p>
      )}
    </section>
  );
}
