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
    default:
      return '';
  }
}

/** How many mapped fields would get nothing: the count a person checks before sending. */
export const blankCount = (values: readonly ValuePreview[]): number => values.filter((v) => v.status !== 'filled').length;

/**
 * Each mapped Arena field and the exact value it receives from one submission; fields that get
 * nothing are flagged with an icon and words, not colour alone.
 */
export function ValuePreviewList({ values, label, summary = true }: { values: readonly ValuePreview[]; label: string; summary?: boolean }) {
  if (values.length === 0) return <p className="text-sm text-slate-600">No field mappings yet: the quality process is created with its name only.</p>;
  const blanks = blankCount(values);
  return (
    <div>
      {summary && (
        <p className="mb-2 text-sm text-slate-700" role="status">
          {blanks === 0
            ? `All ${values.length} mapped fields receive a value.`
            : `${blanks} of ${values.length} mapped fields ${blanks === 1 ? 'receives nothing and is' : 'receive nothing and are'} reported as skipped.`}
        </p>
      )}
      <ul aria-label={label} className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
        {values.map((v) => {
          const sent = v.status === 'filled';
          return (
            <li key={v.arenaFieldGUID} aria-label={v.field} className={sent ? 'px-3 py-2' : 'bg-amber-50/70 px-3 py-2'}>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <span className="font-medium text-slate-900">{v.field}</span>
                {v.required && <Badge tone="yellow">Required in Arena</Badge>}
                {v.step && <span className="text-xs text-slate-500">{v.step}</span>}
              </div>
              {sent ? (
                <p className="mt-0.5 text-sm wrap-anywhere whitespace-pre-line text-slate-800">{v.value}</p>
              ) : (
                <p className="mt-0.5 flex items-start gap-1.5 text-sm text-amber-900">
                  <Icon name="warning" className="mt-0.5 size-4 shrink-0" />
                  <span>
                    <Badge tone="yellow" className="mr-1.5">
                      {v.status === 'blank' ? 'Blank' : 'Not sent'}
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
