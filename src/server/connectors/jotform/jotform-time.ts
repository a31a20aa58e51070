import { zonedDate, zonedDateTime, zonedTimeToUtc } from '../../lib/time-zone.ts';

/**
 * JotForm writes timestamps as "YYYY-MM-DD HH:MM:SS" with no zone. They are the account's
 * local time; the connector and the emulator treat every account as US-Eastern (JotForm's own
 * zone, where its daily quota resets too), DST included. Filters such as `created_at:gt` must be
 * written the same way.
 */
export const JOTFORM_TIME_ZONE = 'America/New_York';

/** The instant as JotForm would write it: "YYYY-MM-DD HH:MM:SS", US-Eastern. */
export function formatJotformDateTime(d: Date): string {
  return zonedDateTime(d, JOTFORM_TIME_ZONE);
}

/** The US-Eastern calendar date of the instant, "YYYY-MM-DD". */
export function formatJotformDate(d: Date): string {
  return zonedDate(d, JOTFORM_TIME_ZONE);
}

/** Reads a JotForm timestamp (or bare date, as midnight) as US-Eastern; null when it is not one. */
export function parseJotformDateTime(value: string | null | undefined): Date | null {
  const v = value?.trim();
  if (!v) return null;
  return zonedTimeToUtc(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v} 00:00:00` : v, JOTFORM_TIME_ZONE);
}
