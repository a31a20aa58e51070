import type { ClockStateName } from '#shared/contract/reporting';
import { cn } from '../../lib/cn.ts';
import { Icon, type IconName } from '../../ui/icons.tsx';
import { CLOCK_TEXT } from './clock-format.ts';

const STYLE: Record<ClockStateName, { icon: IconName; className: string }> = {
  none: { icon: 'info', className: 'bg-slate-100 text-slate-700 ring-slate-500/20' },
  open: { icon: 'info', className: 'bg-blue-50 text-blue-800 ring-blue-600/20' },
  due_soon: { icon: 'warning', className: 'bg-amber-50 text-amber-900 ring-amber-600/30' },
  overdue: { icon: 'warning', className: 'bg-red-50 text-red-800 ring-red-600/25' },
  met: { icon: 'check', className: 'bg-green-50 text-green-800 ring-green-600/25' },
};

/** The clock's state as a labelled badge: an icon and a word, the colour only repeats them. */
export function ClockBadge({ state, className }: { state: ClockStateName; className?: string }) {
  const style = STYLE[state];
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset', style.className, className)}>
      <Icon name={style.icon} className="size-3.5 shrink-0" />
      {CLOCK_TEXT[state]}
    </span>
  );
}

/** A reporting due date with its state beneath (the list's "Reporting due" cell). */
export function ReportingDue({ due, state }: { due: string | null; state: ClockStateName }) {
  if (state === 'none') return <span className="text-slate-400">-</span>;
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      {due && <time dateTime={due} className="tabular-nums">{due}</time>}
      <ClockBadge state={state} className="px-1! gap-0.5" />
    </span>
  );
}
