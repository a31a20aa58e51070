import type { ClockFilter, ClockStateName, DecisionFilter } from '#shared/contract/reporting';

/** A clock state in words: the state is always read as text, colour only repeats it. */
export const CLOCK_TEXT: Record<ClockStateName, string> = {
  none: 'No clock',
  open: 'Open',
  due_soon: 'Due soon',
  overdue: 'Overdue',
  met: 'Met',
};

/** The list's clock filter in words. */
export const CLOCK_FILTER_TEXT: Record<ClockFilter, string> = {
  overdue: CLOCK_TEXT.overdue,
  due_soon: CLOCK_TEXT.due_soon,
  open: CLOCK_TEXT.open,
  due_within_7_days: 'Due within 7 days',
};

export const DECISION_TEXT: Record<DecisionFilter, string> = {
  undecided: 'Undecided',
  reportable: 'Reportable',
  not_reportable: 'Not reportable',
};

/** The state of one regime's clock, from its due date and whether it was reported (today as YYYY-MM-DD). */
export function regimeClockState(clock: { due: string; reportedOn: string | null }, today: string, dueSoonDays = 3): Exclude<ClockStateName, 'none'> {
  if (clock.reportedOn) return 'met';
  if (clock.due < today) return 'overdue';
  const left = Math.round((Date.parse(`${clock.due}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  return left <= dueSoonDays ? 'due_soon' : 'open';
}
