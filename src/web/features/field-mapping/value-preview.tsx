import type { ValuePreview } from '#shared/contract/field-mapping';
import { Badge } from '../../ui/badge.tsx';
import { Icon } from '../../ui/icons.tsx';

/** Why nothing is sent to a field, in words (docs/features/field-mapping.md, Preview). */
export function nothingSentReason(v: ValuePreview): string {
  switch (v.status) {
    case 'blank':
      return 'The answers or facts it reads are empty, so nothing is sent.';
    case 'invalid':
      return `“${v.text ?? ''}” is not a value this field takes, so nothing is sent.`;
    case 'not_in_template':
      return 'This field is no longer in the Arena template, so nothing is sent.';
    case 'not_mapped':
      return 'No mapping fills this field, so Arena leaves it empty.';
    default:
      return '';
  }
}

/** How many listed fields would get nothing: the count a person checks before sending. */
export const blankCount = (values: readonly ValuePreview[]): number => values.filter((v) => v.status !== 'filled').length;

const BADGE: Record<Exclude<ValuePreview['status'], 'filled'>, string> = { blank: 'Blank', invalid: 'Not sent', not_in_template: 'Not sent', not_mapped: 'Not mapped' };

/** The line above the list: what gets a value and what does not, in the words of what is listed. */
function summaryText(values: readonly ValuePreview[], scope: 'mappings' | 'template'): string {
  const blanks = blankCount(values);
  if (scope === 'mappings') {
    return blanks === 0
      ? `All ${values.length} mapped fields receive a value.`
      : `${blanks} of ${values.length} mapped fields ${blanks === 1 ? 'receives nothing and is' : 'receive nothing and are'} reported as skipped.`;
  }
  const filled = values.length - blanks;
  if (blanks === 0) return `All ${values.length} fields of the Arena template receive a value.`;
  return `${filled} of ${values.length} fields of the Arena template receive a value; ${blanks} ${blanks === 1 ? 'stays' : 'stay'} empty in Arena.`;
}

/**
 * Each Arena field listed and the exact value it receives from one submission; fields that get
 * nothing are flagged with an icon and words, not colour alone. `scope`: 'mappings' lists the
 * mapped fields (the mapping editor), 'template' every field of the template (the Create dialog).
 */
export function ValuePreviewList({ values, label, summary = true, scope = 'mappings' }: { values: readonly ValuePreview[]; label: string; summary?: boolean; scope?: 'mappings' | 'template' }) {
  if (values.length === 0) {
    const empty = scope === 'template' ? 'The Arena template has no fields to fill: the quality process is created with its name only.' : 'No field mappings yet: the quality process is created with its name only.';
    return <p className="text-sm text-slate-600">{empty}</p>;
  }
  return (
    <div>
      {summary && (
        <p className="mb-2 text-sm text-slate-700" role="status">
          {summaryText(values, scope)}
        </p>
      )}
      <ul aria-label={label} className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
        {values.map((v) => {
          const sent = v.status === 'filled';
          // An optional field nobody mapped is the admin's choice, not a fault: said plainly, without the warning.
          const quiet = v.status === 'not_mapped' && !v.required;
          return (
            <li key={v.arenaFieldGUID} aria-label={v.field} className={sent || quiet ? 'px-3 py-2' : 'bg-amber-50/70 px-3 py-2'}>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <span className="font-medium text-slate-900">{v.field}</span>
                {v.required && <Badge tone="yellow">Required in Arena</Badge>}
                {v.step && <span className="text-xs text-slate-500">{v.step}</span>}
              </div>
              {sent ? (
                <>
                  <p className="mt-0.5 text-sm wrap-anywhere whitespace-pre-line text-slate-800">{v.value}</p>
                  {v.mappingName === null && <p className="mt-0.5 text-xs text-slate-600">From the Quality Process Name: no mapping fills this field.</p>}
                </>
              ) : quiet ? (
                <p className="mt-0.5 text-sm text-slate-600">
                  <Badge className="mr-1.5">Not mapped</Badge>
                  {nothingSentReason(v)}
                </p>
              ) : (
                <p className="mt-0.5 flex items-start gap-1.5 text-sm text-amber-900">
                  <Icon name="warning" className="mt-0.5 size-4 shrink-0" />
                  <span>
                    <Badge tone="yellow" className="mr-1.5">
                      {BADGE[v.status as keyof typeof BADGE]}
                    </Badge>
                    {nothingSentReason(v)}
                  </span>
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
