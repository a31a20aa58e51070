import type { TemplateStep } from '#shared/contract/quality-process';
import { Badge } from '../../ui/badge.tsx';
import { Select } from '../../ui/select.tsx';

/** Arena's field types in words (SINGLE_LINE_TEXT → Single line text); unknown ones as given. */
export function typeLabel(type: string): string {
  const words = type.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface Props {
  steps: readonly TemplateStep[];
  stepGuid: string;
  fieldGuid: string;
  /** The stored name, shown when the stored GUID is no longer in the template. */
  fieldName: string;
  /** Fields other mappings already fill: one mapping per field (the server refuses a second). */
  taken: ReadonlyMap<string, string>;
  onStep: (stepGuid: string) => void;
  onField: (fieldGuid: string) => void;
}

/**
 * The quality-process field, chosen by step then by name (GET /v1/arena/template/step), with
 * its type, whether Arena requires it, and its GUID.
 */
export function FieldPicker({ steps, stepGuid, fieldGuid, fieldName, taken, onStep, onField }: Props) {
  const step = steps.find((s) => s.guid === stepGuid);
  const attribute = step?.attributes.find((a) => a.guid === fieldGuid);
  const missing = fieldGuid !== '' && !steps.some((s) => s.attributes.some((a) => a.guid === fieldGuid));

  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Quality process step"
          name="step"
          placeholder="-- Select Step --"
          options={steps.map((s) => ({ value: s.guid, label: `${s.order}. ${s.name}`, disabled: s.attributes.length === 0 }))}
          value={stepGuid}
          onChange={(e) => onStep(e.target.value)}
        />
        <Select
          label="Quality process field"
          name="field"
          required
          placeholder={step ? '-- Select Field --' : 'Choose a step first'}
          disabled={!step}
          options={(step?.attributes ?? []).map((a) => {
            const mappedAs = taken.get(a.guid);
            return { value: a.guid, label: mappedAs ? `${a.name} (already mapped)` : a.name, disabled: !!mappedAs };
          })}
          value={attribute ? fieldGuid : ''}
          onChange={(e) => onField(e.target.value)}
        />
      </div>
      {attribute && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" aria-live="polite">
          <span>
            Type: <span className="font-medium text-slate-900">{typeLabel(attribute.type)}</span>
            {attribute.multiSelect ? ' (several values)' : ''}
          </span>
          {attribute.required ? <Badge tone="yellow">Required in Arena</Badge> : <Badge>Optional</Badge>}
          <span className="font-mono text-xs text-slate-600 wrap-anywhere">GUID {attribute.guid}</span>
        </div>
      )}
      {missing && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-600/25">
          “{fieldName}” ({fieldGuid}) is no longer a field of the quality-process template. Choose another field, or delete this mapping.
        </p>
      )}
    </div>
  );
}
