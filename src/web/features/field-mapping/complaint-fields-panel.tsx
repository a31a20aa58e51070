import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COMPLAINT_FIELDS, COMPLAINT_FIELD_LABELS, type ComplaintField, type ComplaintFieldQuestions, fieldMappingApi } from '#shared/contract/field-mapping';
import { api, messageOf } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { Select } from '../../ui/select.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { useFormQuestions } from './api.ts';

const complaintFieldsKey = ['field-mapping', 'complaint-fields'] as const;

const HINTS: Record<ComplaintField, string> = {
  product: 'The list, the complaint register and trends count complaints by it.',
  model: 'The model or catalogue number, if the form asks for it.',
  lot: 'The lot or the serial number of the device.',
  udi: 'The Unique Device Identifier, if the form asks for it.',
};

/**
 * Configurations → Field Mapping: which form questions give a complaint's product, model, lot or
 * serial number and UDI (docs/features/coding.md). Saving fills every stored submission in again.
 */
export function ComplaintFieldsPanel() {
  const queryClient = useQueryClient();
  const stored = useQuery({
    queryKey: complaintFieldsKey,
    queryFn: ({ signal }) => api(fieldMappingApi.complaintFields, { signal, fallback: 'Failed to load the complaint fields' }),
  });
  const questions = useFormQuestions();
  const [draft, setDraft] = useState<ComplaintFieldQuestions | null>(null);
  useEffect(() => {
    if (stored.data) setDraft(stored.data.results);
  }, [stored.data]);
  const save = useSingleFlightMutation({
    mutationFn: (body: ComplaintFieldQuestions) => api(fieldMappingApi.setComplaintFields, { body, fallback: 'Failed to save the complaint fields' }),
    onSuccess: (data) => {
      queryClient.setQueryData(complaintFieldsKey, data);
      // The list shows the fields: its rows read again.
      void queryClient.invalidateQueries({ queryKey: ['submissions'] });
      toast.success(`Complaint fields saved: ${data.backfilled} ${data.backfilled === 1 ? 'submission' : 'submissions'} filled in`);
    },
    onError: (err) => toast.error(messageOf(err, 'Failed to save the complaint fields')),
  });

  const options = (questions.mappable ?? []).map((q) => ({ value: q.qid, label: `${q.text || q.name} (${q.qid})` }));
  const changed = !!draft && !!stored.data && COMPLAINT_FIELDS.some((f) => draft[f] !== stored.data.results[f]);

  return (
    <section aria-labelledby="complaint-fields-heading" className="mb-8 rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:p-5">
      <h2 id="complaint-fields-heading" className="text-lg font-semibold text-slate-900">
        Complaint fields
      </h2>
      <p className="mt-0.5 text-sm text-slate-600">Which form questions say what a complaint is about. Saving fills in every stored submission from them; imports read them from then on.</p>
      {stored.isError || questions.error ? (
        <ErrorState message={messageOf(stored.error ?? questions.error, 'Failed to load the complaint fields')} onRetry={() => (stored.isError ? void stored.refetch() : questions.refetch())} />
      ) : !draft || !questions.mappable ? (
        <LoadingState text="Loading the complaint fields..." />
      ) : (
        <form
          className="mt-4"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(draft);
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {COMPLAINT_FIELDS.map((f) => (
              <Select
                key={f}
                label={COMPLAINT_FIELD_LABELS[f]}
                name={`complaint-field-${f}`}
                hint={HINTS[f]}
                options={[{ value: '', label: '— No question —' }, ...options]}
                value={draft[f] ?? ''}
                onChange={(e) => setDraft({ ...draft, [f]: e.target.value || null })}
              />
            ))}
          </div>
          <div className="mt-4 flex items-center gap-3">
            <Button type="submit" disabled={!changed} busy={save.isPending} busyText="Saving...">
              Save complaint fields
            </Button>
            {save.isPending && <span className="text-sm text-slate-600">Filling in the stored submissions…</span>}
          </div>
        </form>
      )}
    </section>
  );
}
