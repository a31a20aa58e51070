import { zonedDate, zonedDateTime, zonedTimeToUtc } from '../../lib/time-zone.ts';

/**
 * JotForm writes timestamps as "YYYY-MM-DD HH:MM:SS" with no zone: the wall clock of the account's
 * time zone (JOTFORM_TIMEZONE; DST included), and filters such as `created_at:gt` are read the
 * same way. The evidence (JotForm's own SDKs and captured replies) points to US-Eastern, the default here.
 * The JotForm emulator writes its times with its own code, so each side checks the other instead
 * of sharing one reading.
 */
export const JOTFORM_DEFAULT_TIME_ZONE = 'America/New_York';

/** The instant as JotForm would write it in the account's zone: "YYYY-MM-DD HH:MM:SS". */
export function formatJotformDateTime(d: Date, timeZone = JOTFORM_DEFAULT_TIME_ZONE): string {
  return zonedDateTime(d, timeZone);
}

/** The account-zone calendar date of the instant, "YYYY-MM-DD". */
export function formatJotformDate(d: Date, timeZone = JOTFORM_DEFAULT_TIME_ZONE): string {
  return zonedDate(d, timeZone);
}

/** Reads a JotForm timestamp (or bare date, as midnight) in the account's zone; null when it is not one. */
export function parseJotformDateTime(value: string | null | undefined, timeZone = JOTFORM_DEFAULT_TIME_ZONE): Date | null {
  const v = value?.trim();
  if (!v) return null;
  return zonedTimeToUtc(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v} 00:00:00` : v, timeZone);
}
