import type { SubmissionRow } from '#shared/contract/submissions';
import { cn } from '../../lib/cn.ts';
import { Icon } from '../../ui/icons.tsx';

export type ReportabilityState = 'reportable' | 'not_reportable' | 'undecided';

/** Three states on screen (docs/product.md, Reporting clocks): a missing decision is not a "No". */
export function reportabilityState(row: Pick<SubmissionRow, 'reportable' | 'decision'>): ReportabilityState {
  if (row.reportable || row.decision === 'reportable') return 'reportable';
  return row.decision === 'not_reportable' ? 'not_reportable' : 'undecided';
}

const LOOK: Record<ReportabilityState, { text: string; className: string }> = {
  reportable: { text: 'Reportable', className: 'font-medium text-green-800' },
  not_reportable: { text: 'Not reportable', className: 'font-medium text-slate-800' },
  undecided: { text: 'Undecided', className: 'text-slate-600 italic' },
};

/** A reportable decision recorded without its reason (the list's Mark → Confirm). */
export const RATIONALE_MISSING_TEXT = 'Reportable — rationale missing';
/** Approved with its reportability left for later ("Approve, decide later"). */
export const DECISION_PENDING_TEXT = 'Undecided — decision pending';

/**
 * The state in words, with an icon for the two decided ones (never colour alone); a reportable
 * decision without a rationale, or a submission approved with its decision left for later, says
 * so, with a warning icon.
 */
export function ReportabilityText({ state, rationaleMissing = false, compact = false }: { state: ReportabilityState; rationaleMissing?: boolean; compact?: boolean }) {
  const look = LOOK[state];
  const missing = state !== 'not_reportable' && rationaleMissing;
  // Compact (a list cell): smaller, and the words may wrap so the column stays narrow.
  return (
    <span className={cn('inline-flex items-center gap-1', compact ? 'text-xs whitespace-normal' : 'whitespace-nowrap', missing ? 'font-medium text-amber-900' : look.className)}>
      {missing && <Icon name="warning" className="size-4 shrink-0" />}
      {state === 'reportable' && !missing && <Icon name="check" className="size-4 shrink-0" />}
      {state === 'not_reportable' && <Icon name="xCircle" className="size-4 shrink-0" />}
      {missing ? (state === 'reportable' ? RATIONALE_MISSING_TEXT : DECISION_PENDING_TEXT) : look.text}
    </span>
  );
}
