import type { SubmissionRow } from '#shared/contract/submissions';
import { addDays, localDate } from '#shared/dates';

/** Work on these is still open, so their investigation deadline still matters. */
const OPEN_STATUSES: readonly SubmissionRow['submissionStatus'][] = ['Pending Review', 'Pending Transfer', 'Transfer Error'];

export type DeadlineUrgency = 'overdue' | 'soon' | null;

/** "Deadline within a Week" (docs/product.md, Statuses): open work whose deadline is today + 7 or earlier. */
export function deadlineUrgency(row: Pick<SubmissionRow, 'submissionStatus' | 'investigationDeadline'>, today: Date = new Date()): DeadlineUrgency {
  if (!OPEN_STATUSES.includes(row.submissionStatus) || !row.investigationDeadline) return null;
  const now = localDate(today);
  if (row.investigationDeadline < now) return 'overdue';
  const week = addDays(now, 7);
  return row.investigationDeadline <= week ? 'soon' : null;
}

export const URGENCY_TEXT: Record<Exclude<DeadlineUrgency, null>, string> = { overdue: 'Overdue', soon: 'Due within a week' };

/** CH-Number only once the transfer succeeded, else a dash. */
export const chNumberShown = (row: Pick<SubmissionRow, 'submissionStatus' | 'chNumber'>): string => (row.submissionStatus === 'Successful Transfer' && row.chNumber ? row.chNumber : '-');
