import { type FormEvent, useState } from 'react';
import type { Question } from '#shared/contract/questions';
import { SCREENING_HINTS, SCREENING_KINDS, SCREENING_LABELS, type ScreeningKind, type ScreeningQuestions } from '#shared/contract/triage';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import { Select } from '../../ui/select.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { useSaveScreeningQuestions, useScreeningQuestions } from './api.ts';

/** Questions a yes/no answer can come from: not headings, buttons, uploads or captchas. */
const SCREENABLE = new Set(['control_radio', 'control_checkbox', 'control_dropdown', 'control_yesno', 'control_textbox']);

type Choice = Record<ScreeningKind, string>;
const choiceOf = (s: ScreeningQuestions): Choice => ({ death: s.death ?? '', injury: s.injury ?? '', malfunction: s.malfunction ?? '' });

/**
 * Triage at intake (docs/features/triage.md): the admin names the form's screening questions; a
 * submission answering yes to one is flagged "Potential reportable event" when it is imported.
 * Its own section of the field-mapping screen.
 */
export function ScreeningQuestionsSection({ questions }: { questions: readonly Question[] | undefined }) {
  const screening = useScreeningQuestions();
  const save = useSaveScreeningQuestions();
  const [edited, setEdited] = useState<Choice | null>(null);
  const saved = screening.data ? choiceOf(screening.data) : null;
  const choice = edited ?? saved;
  const duplicate = choice ? SCREENING_KINDS.find((k, i) => choice[k] && SCREENING_KINDS.slice(0, i).some((o) => choice[o] === choice[k])) : undefined;
  const changed = !!choice && !!saved && SCREENING_KINDS.some((k) => choice[k] !== saved[k]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!choice || duplicate || save.isPending) return;
    save.mutate(
      { death: choice.death || null, injury: choice.injury || null, malfunction: choice.malfunction || null },
      {
        onSuccess: (data) => {
          setEdited(null);
          // Stored submissions are screened once with the new questions, without mail: the count says what changed.
          toast.success(data.screened > 0 ? `Screening questions saved: ${data.screened} stored ${data.screened === 1 ? 'submission' : 'submissions'} flagged as potential reportable events` : 'Screening questions saved');
        },
        onError: (error) => toast.error(messageOf(error, 'Failed to save the screening questions')),
      },
    );
  }

  const options = [{ value: '', label: 'Not screened' }, ...(questions ?? []).filter((q) => SCREENABLE.has(q.type)).map((q) => ({ value: q.qid, label: q.text || q.name || `Question ${q.qid}` }))];
  // A question named before it left the form (or of another type) still shows by its id.
  for (const qid of Object.values(saved ?? {})) if (qid && !options.some((o) => o.value === qid)) options.push({ value: qid, label: `Question ${qid} (no longer offered)` });

  return (
    <section aria-labelledby="screening-heading" className="mt-10">
      <SectionHeader
        id="screening-heading"
        title="Screening questions"
        description="A submission that answers yes to one of these questions is flagged “Potential reportable event” when it is imported, and its owner — or the notification recipients, when nobody owns it — is mailed at once."
        action={null}
      />
      {screening.isError ? (
        <ErrorState message={messageOf(screening.error, 'Failed to load the screening questions')} />
      ) : !choice ? (
        <LoadingState text="Loading the screening questions..." />
      ) : (
        <form onSubmit={submit} noValidate className="rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:p-5">
          <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
            {SCREENING_KINDS.map((kind) => (
              <Select
                key={kind}
                label={SCREENING_LABELS[kind]}
                hint={SCREENING_HINTS[kind]}
                options={options}
                value={choice[kind]}
                disabled={!questions}
                error={duplicate === kind ? 'This question is already named for another kind.' : undefined}
                onChange={(e) => setEdited({ ...choice, [kind]: e.target.value })}
              />
            ))}
          </div>
          <div className="mt-4 flex flex-wrap items-center justify-end gap-3">
            {changed && (
              <Button variant="secondary" onClick={() => setEdited(null)} disabled={save.isPending}>
                Discard changes
              </Button>
            )}
            <Button type="submit" busy={save.isPending} busyText="Saving..." disabled={!changed || !!duplicate}>
              Save screening questions
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
