/**
 * Calendar dates, written YYYY-MM-DD: a day, with no time and no zone. Server and web app use
 * these names alone; an instant's date in a named time zone is `zonedDate` (time-zone.ts).
 */

const DAY_MS = 86_400_000;

/**
 * Whether a text names a day of the proleptic Gregorian calendar, written YYYY-MM-DD (month
 * 01–12, day within its month, 29 February in leap years only).
 */
export function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const year = Number(v.slice(0, 4));
  const month = Number(v.slice(5, 7));
  const day = Number(v.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days;
}

/** The date of an instant on the UTC calendar. */
export function utcDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The date of an instant on this machine's calendar (in the web app: the viewer's). */
export function localDate(instant: Date): string {
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

/** Days since 1970-01-01; a RangeError for a text that is not a calendar date. */
function dayNumber(date: string): number {
  if (!isCalendarDate(date)) throw new RangeError(`not a date: ${date}`);
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

/** The instant a date begins on the UTC calendar, for stepping through days; a RangeError for a text that is not a calendar date. */
export function utcMidnight(date: string): Date {
  return new Date(dayNumber(date) * DAY_MS);
}

/** The date `days` calendar days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return utcDate(new Date((dayNumber(date) + days) * DAY_MS));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** 0 Sunday … 6 Saturday. */
export function weekday(date: string): number {
  return utcMidnight(date).getUTCDay();
}
