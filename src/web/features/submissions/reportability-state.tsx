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
  undecided: { text: 'Undecided', className: 'text-slate-500 italic' },
};

/** The state in words, with an icon for the two decided ones (never colour alone). */
export function ReportabilityText({ state, compact = false }: { state: ReportabilityState; compact?: boolean }) {
  const look = LOOK[state];
  // Compact (a list cell): smaller, and the words may wrap so the column stays narrow.
  return (
    <span className={cn('inline-flex items-center gap-1', compact ? 'text-xs' : 'whitespace-nowrap', look.className)}>
      {state === 'reportable' && <Icon name="check" className="size-4" />}
      {state === 'not_reportable' && <Icon name="xCircle" className="size-4" />}
      {look.text}
    </span>
  );
}
