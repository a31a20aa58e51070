import { PORTAL_FACTS, type PreprocessingFunction, isPortalFact } from '#shared/contract/field-mapping';
import type { Question } from '#shared/contract/questions';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Select } from '../../ui/select.tsx';
import { ANSWER_KEYS, type AnswerKey, MAX_ROWS, type MappedRowValues, newRow } from './mapping-form.ts';
import { PreprocessingSelect } from './preprocessing-select.tsx';

const ANSWER_KEY_LABELS: Record<AnswerKey, string> = { answer: 'answer (the raw value)', prettyFormat: 'prettyFormat (as displayed)' };

export function questionOptionLabel(question: Pick<Question, 'qid' | 'text'>): string {
  return `${question.text.trim() || 'Untitled'} (Id : ${question.qid})`;
}

/** A source as the form and the list name it: a portal fact, a question, or a question no longer on the form. */
export function sourceLabel(qid: string, question: Pick<Question, 'qid' | 'text'> | undefined): string {
  if (isPortalFact(qid)) return `Portal: ${PORTAL_FACTS[qid]}`;
  return question ? questionOptionLabel(question) : `Question ${qid}`;
}

/** The portal's facts, offered after the form's questions (docs/features/field-mapping.md). */
const FACT_OPTIONS = Object.keys(PORTAL_FACTS).map((qid) => ({ value: qid, label: sourceLabel(qid, undefined) }));

interface Props {
  rows: readonly MappedRowValues[];
  /** The form's questions without headings and buttons (docs/product.md, Field mapping). */
  questions: readonly Question[];
  functions: readonly PreprocessingFunction[] | undefined;
  errors: Record<string, string> | undefined;
  onChange: (rows: MappedRowValues[]) => void;
}

/** The form questions whose answers fill the field, each with its answer key and preprocessing. */
export function MappedQuestionRows({ rows, questions, functions, errors, onChange }: Props) {
  const update = (key: string, patch: Partial<MappedRowValues>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const known = new Set(questions.map((q) => q.qid));

  return (
    <div className="space-y-3">
      <ol className="space-y-3">
        {rows.map((row, index) => {
          // A stored question no longer on the form stays visible, so the person sees what to fix.
          const options = [...questions.map((q) => ({ value: q.qid, label: questionOptionLabel(q) })), ...FACT_OPTIONS];
          if (row.qid && !known.has(row.qid) && !isPortalFact(row.qid)) options.unshift({ value: row.qid, label: `Question ${row.qid} (not on the form)` });
          return (
            <li key={row.key} aria-label={`Mapped question ${index + 1}`} className="rounded-lg border border-slate-200 bg-slate-50/60 p-3">
              <div className="flex items-start gap-2">
                <Select
                  className="min-w-0 flex-1"
                  label={`Question ${index + 1}`}
                  hint={index === 0 ? 'A form question, or one of the portal’s own facts (listed after the questions).' : undefined}
                  name={`qid-${index}`}
                  required
                  placeholder="-- Select Question --"
                  options={options}
                  value={row.qid}
                  onChange={(e) => update(row.key, { qid: e.target.value })}
                  error={errors?.[row.key]}
                />
                <button
                  type="button"
                  onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
                  aria-label={`Remove question ${index + 1}`}
                  title="Remove question"
                  className="mt-7 shrink-0 rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700"
                >
                  <Icon name="trash" className="size-5" />
                </button>
              </div>
              <div className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                <Select
                  label="Answer key"
                  name={`answer-${index}`}
                  options={ANSWER_KEYS.map((k) => ({ value: k, label: ANSWER_KEY_LABELS[k] }))}
                  value={row.answer}
                  onChange={(e) => update(row.key, { answer: e.target.value as AnswerKey })}
                />
                <PreprocessingSelect functions={functions} value={row.preprocessingFunctions} onChange={(next) => update(row.key, { preprocessingFunctions: next })} />
              </div>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" size="sm" onClick={() => onChange([...rows, newRow()])} disabled={rows.length >= MAX_ROWS}>
        <Icon name="plus" className="size-4" />
        Add question
      </Button>
    </div>
  );
}
