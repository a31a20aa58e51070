import { zonedDate } from '#shared/time-zone';
import { useReviewedForm } from './api.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Today, YYYY-MM-DD: on the JotForm account's calendar once its zone is known (the day the server
 * checks a filed report's date against), else on the viewer's.
 */
function isoDateToday(accountTimeZone?: string, now: Date = new Date()): string {
  if (accountTimeZone) return zonedDate(now, accountTimeZone);
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Today on the reviewed form's JotForm account calendar (the viewer's until the form has loaded). */
export function useAccountToday(): string {
  return isoDateToday(useReviewedForm().data?.timeZone);
}
