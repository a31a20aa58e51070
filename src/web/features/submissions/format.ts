import { WORKFLOW_OPEN_STATUSES, type SubmissionRow } from '#shared/contract/submissions';
import { addDays } from '#shared/dates';

export type DeadlineUrgency = 'overdue' | 'soon' | null;

/**
 * "Deadline within a Week" (docs/product.md, Statuses): open work (its investigation deadline still
 * matters) whose deadline is `today` + 7 or earlier. `today` is the JotForm account's
 * (`useAccountToday`), the day the list's deadline filter counts from.
 */
export function deadlineUrgency(row: Pick<SubmissionRow, 'submissionStatus' | 'investigationDeadline'>, today: string): DeadlineUrgency {
  if (!(WORKFLOW_OPEN_STATUSES as readonly string[]).includes(row.submissionStatus) || !row.investigationDeadline) return null;
  if (row.investigationDeadline < today) return 'overdue';
  return row.investigationDeadline <= addDays(today, 7) ? 'soon' : null;
}

export const URGENCY_TEXT: Record<Exclude<DeadlineUrgency, null>, string> = { overdue: 'Overdue', soon: 'Due within a week' };

/** CH-Number only once the transfer succeeded, else a dash. */
export const chNumberShown = (row: Pick<SubmissionRow, 'submissionStatus' | 'chNumber'>): string => (row.submissionStatus === 'Successful Transfer' && row.chNumber ? row.chNumber : '-');
