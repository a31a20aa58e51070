import { localDate } from '#shared/dates';
import { zonedDate } from '#shared/time-zone';
import { useReviewedForm } from './api.ts';

/**
 * Today, YYYY-MM-DD: on the JotForm account's calendar once its zone is known (the day the server
 * checks a filed report's date against), else on the viewer's.
 */
function accountToday(accountTimeZone?: string, now: Date = new Date()): string {
  return accountTimeZone ? zonedDate(now, accountTimeZone) : localDate(now);
}

/** Today on the reviewed form's JotForm account calendar (the viewer's until the form has loaded). */
export function useAccountToday(): string {
  return accountToday(useReviewedForm().data?.timeZone);
}
