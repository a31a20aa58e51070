/**
 * Calendar dates, written YYYY-MM-DD: a day, with no time and no zone. Server and web app use
 * these names alone; an instant's date in a named time zone is `zonedDate` (time-zone.ts).
 *
 * Arithmetic on many dates at once (work days, reporting clocks) counts in day numbers, days since
 * 1970-01-01: `dayNumber` reads a date as one and `dateOfDay` writes one back.
 */

const DAY_MS = 86_400_000;

/** The parts of a text written YYYY-MM-DD that names a day, or null. */
function parse(v: string): { year: number; month: number; day: number } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const year = Number(v.slice(0, 4));
  const month = Number(v.slice(5, 7));
  const day = Number(v.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days ? { year, month, day } : null;
}

/**
 * Whether a text names a day of the proleptic Gregorian calendar, written YYYY-MM-DD (month
 * 01–12, day within its month, 29 February in leap years only).
 */
export function isCalendarDate(v: string): boolean {
  return parse(v) !== null;
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/** The date of a year, month (1–12) and day of the month. */
export function calendarDate(year: number, month: number, day: number): string {
  return `${year < 1000 ? String(year).padStart(4, '0') : year}-${two(month)}-${two(day)}`;
}

/** The date of an instant on the UTC calendar. */
export function utcDate(instant: Date): string {
  return calendarDate(instant.getUTCFullYear(), instant.getUTCMonth() + 1, instant.getUTCDate());
}

/** The date of an instant on this machine's calendar (in the web app: the viewer's). */
export function localDate(instant: Date): string {
  return calendarDate(instant.getFullYear(), instant.getMonth() + 1, instant.getDate());
}

/** A date's day number; a RangeError for a text that is not a calendar date. */
export function dayNumber(date: string): number {
  const d = parse(date);
  if (!d) throw new RangeError(`not a date: ${date}`);
  // setUTCFullYear, not Date.UTC, which reads years 0–99 as 1900–1999.
  return new Date(0).setUTCFullYear(d.year, d.month - 1, d.day) / DAY_MS;
}

/** The date of a day number. */
export function dateOfDay(day: number): string {
  return utcDate(new Date(day * DAY_MS));
}

/** The year of a day number. */
export function yearOfDay(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

/** 0 Sunday … 6 Saturday, of a day number (1970-01-01 was a Thursday). */
export function weekdayOfDay(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** The date `days` calendar days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** 0 Sunday … 6 Saturday. */
export function weekday(date: string): number {
  return weekdayOfDay(dayNumber(date));
}
