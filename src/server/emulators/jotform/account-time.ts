/**
 * How JotForm writes time (JotForm API documentation, "Submissions"): "YYYY-MM-DD HH:MM:SS" on
 * the account's wall clock, with no zone; its daily quota resets at midnight US-Eastern (its API
 * limits). Written here from the documentation and not shared with the connector, so each checks
 * the other's reading.
 */

/** JotForm's default account zone and the zone of its quota day. */
export const JOTFORM_HOME_ZONE = 'America/New_York';

const formats = new Map<string, Intl.DateTimeFormat>();

function wallClock(at: Date, timeZone: string): Record<string, string> {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
}

/** "YYYY-MM-DD HH:MM:SS" in the zone, as `created_at` and `updated_at` are written. */
export function jotformTimestamp(at: Date, timeZone: string): string {
  const p = wallClock(at, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** "YYYY-MM-DD": the calendar day in the zone. */
export function jotformDay(at: Date, timeZone: string): string {
  const p = wallClock(at, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}
