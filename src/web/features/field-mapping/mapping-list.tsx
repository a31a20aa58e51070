import type { FieldMapping } from '#shared/contract/field-mapping';
import type { Question } from '#shared/contract/questions';
import type { TemplateStep } from '#shared/contract/quality-process';
import { Badge } from '../../ui/badge.tsx';
import { Icon } from '../../ui/icons.tsx';
import { sourceLabel } from './mapped-question-rows.tsx';
import { stepOfField } from './mapping-form.ts';

interface Props {
  mappings: readonly FieldMapping[];
  steps: readonly TemplateStep[] | undefined;
  questions: readonly Question[] | undefined;
  onEdit: (mapping: FieldMapping) => void;
  /** Editing needs the template and the questions; until they are there, Edit waits. */
  canEdit: boolean;
  onDelete: (mapping: FieldMapping) => void;
}

const actionClass = 'inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium';

/** Each mapping: the field (name, step, GUID), then its predefined value or its questions. */
export function MappingList({ mappings, steps, questions, onEdit, canEdit, onDelete }: Props) {
  const byQid = new Map((questions ?? []).map((q) => [q.qid, q]));
  return (
    <ul aria-label="Field mappings" className="space-y-3">
      {mappings.map((mapping) => {
        const step = steps ? stepOfField(steps, mapping.arenaFieldGUID) : undefined;
        const attribute = step?.attributes.find((a) => a.guid === mapping.arenaFieldGUID);
        return (
          <li key={mapping._id} aria-label={mapping.name} className="rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
            <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-4 pt-3 pb-2">
              <div className="min-w-0">
                <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
                  {mapping.name}
                  {attribute?.required && <Badge tone="yellow">Required in Arena</Badge>}
                  {steps && !step && <Badge tone="red">Not in the template</Badge>}
                </h3>
                <p className="mt-0.5 text-xs text-slate-600">
                  {step && <span>Step {step.order} · {step.name} · </span>}
                  <span className="font-mono wrap-anywhere">GUID {mapping.arenaFieldGUID}</span>
                </p>
              </div>
              <div className="-mr-2 flex shrink-0 gap-1">
                <button type="button" onClick={() => onEdit(mapping)} aria-label={`Edit mapping ${mapping.name}`} disabled={!canEdit} className={`${actionClass} text-brand-700 hover:bg-brand-50 hover:text-brand-900 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent`}>
                  <Icon name="pencil" className="size-4" />
                  Edit
                </button>
                <button type="button" onClick={() => onDelete(mapping)} aria-label={`Delete mapping ${mapping.name}`} className={`${actionClass} text-red-700 hover:bg-red-50 hover:text-red-800`}>
                  <Icon name="trash" className="size-4" />
                  Delete
                </button>
              </div>
            </div>
            <div className="border-t border-slate-100 px-4 py-3 text-sm text-slate-700">
              {mapping.predefined ? (
                <p>
                  <Badge tone="brand">Predefined</Badge> <span className="ml-1 font-medium text-slate-900 wrap-anywhere">{mapping.predefinedValue}</span>
                </p>
              ) : (
                <>
                  <ol className="space-y-1.5">
                    {mapping.formFieldQID.map((ref, i) => {
                      const question = byQid.get(ref.qid);
                      return (
                        <li key={`${ref.qid}-${i}`} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                          <span className="text-slate-500 tabular-nums">{i + 1}.</span>
                          <span className="font-medium text-slate-900">{sourceLabel(ref.qid, question)}</span>
                          <Badge>{ref.answer}</Badge>
                          {ref.preprocessingFunctions.length > 0 ? (
                            <span className="font-mono text-xs text-slate-600">{ref.preprocessingFunctions.join(' → ')}</span>
                          ) : (
                            <span className="text-xs text-slate-500">no preprocessing</span>
                          )}
                        </li>
                      );
                    })}
                  </ol>
                  {mapping.concatenate && (
                    <p className="mt-2 text-xs text-slate-600">
                      Joined with the delimiter <code className="rounded bg-slate-100 px-1 py-0.5 font-mono whitespace-pre text-slate-900">{mapping.concatenateDelimiter}</code>
                    </p>
                  )}
                </>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
