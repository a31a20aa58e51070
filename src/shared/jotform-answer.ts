import { calendarDate, isCalendarDate } from './dates.ts';

/**
 * One entry of a JotForm submission's `answers` (keyed by qid), as JotForm's API sends it and the
 * portal stores it: the question's name, order, label and type, what was answered and how JotForm
 * displays it. The one shape of a JotForm answer, on the server and in the web app.
 */
export interface JotformAnswer {
  name?: string;
  order?: string;
  text?: string;
  /** control_textbox, control_datetime, control_fullname… */
  type?: string;
  /** Text, a list (checkbox, uploads) or parts (name, address, date, phone, matrix); absent when unanswered. */
  answer?: string | unknown[] | Record<string, unknown>;
  /** The answer as JotForm displays it (HTML for some types). */
  prettyFormat?: string;
  /** Keys some types add (sublabels, timeFormat…). */
  [key: string]: unknown;
}

/** A date answer read: the calendar date, and the time of day (24-hour HH:mm) when the question asked for one. */
export interface JotformDate {
  date: string;
  time: string | null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// A time (and anything after it: seconds, a zone) may follow the date; the date alone is read.
const YMD = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T]\d{1,2}:\d{2}.*)?$/;
// Day-month-year texts cannot be told apart from US ones; US order is assumed, which is why a
// date question is read from its parts (`answer`), not its text (`prettyFormat`), where it has them.
const MDY = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})(?:[ T]\d{1,2}:\d{2}.*)?$/;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const part = (x: unknown): string => (typeof x === 'string' || typeof x === 'number' ? String(x).trim() : '');
const digits = (s: string) => /^\d+$/.test(s);

/** The date of a year, month and day read from an answer: four-digit years only, and only days that exist. */
function dateOf(year: string, month: number, day: string): string | null {
  if (!digits(year) || year.length !== 4 || year < '1000' || !digits(day)) return null;
  const date = calendarDate(Number(year), month, Number(day));
  return isCalendarDate(date) ? date : null;
}

function dateOfText(value: string): string | null {
  const s = value.trim();
  const ymd = YMD.exec(s);
  if (ymd) return dateOf(ymd[1]!, Number(ymd[2]), ymd[3]!);
  const mdy = MDY.exec(s);
  return mdy ? dateOf(mdy[3]!, Number(mdy[1]), mdy[2]!) : null;
}

/** The time of a date answer's parts (`hour`, `min`, `ampm`), 24-hour; null without an hour. */
function timeOfParts(o: Record<string, unknown>): string | null {
  const hour = part(o.hour);
  const minute = part(o.min) || '0';
  if (!digits(hour) || !digits(minute) || Number(minute) > 59) return null;
  const ampm = part(o.ampm).toUpperCase();
  const h = Number(hour);
  const h24 = ampm === 'PM' ? (h % 12) + 12 : ampm === 'AM' ? h % 12 : h;
  return h24 <= 23 ? `${String(h24).padStart(2, '0')}:${minute.padStart(2, '0')}` : null;
}

/**
 * Reads a JotForm date answer: its parts ({year, month, day}, the month as a number or a name,
 * with hour, min and ampm when the question asks for a time), its `datetime` text, or a text
 * "YYYY-MM-DD[ time]", "MM-DD-YYYY" or "MM/DD/YYYY" (a prettyFormat). Null when it holds no real
 * date. The date is what the person entered, on no clock, so it carries no zone.
 * @example parseJotformDate({ month: '11', day: '26', year: '2026', hour: '01', min: '53', ampm: 'PM' }) // → { date: '2026-11-26', time: '13:53' }
 * @example parseJotformDate('04-16-2024') // → { date: '2024-04-16', time: null }
 */
export function parseJotformDate(value: unknown): JotformDate | null {
  if (typeof value === 'string') {
    const date = dateOfText(value);
    return date ? { date, time: null } : null;
  }
  if (!isRecord(value)) return null;
  const [year, month, day] = [part(value.year), part(value.month), part(value.day)];
  if (year && month && day) {
    const m = digits(month) ? Number(month) : MONTHS.indexOf(month.slice(0, 3).toLowerCase()) + 1;
    const date = dateOf(year, m, day);
    return date ? { date, time: timeOfParts(value) } : null;
  }
  const date = typeof value.datetime === 'string' ? dateOfText(value.datetime) : null;
  return date ? { date, time: null } : null;
}

/**
 * A date answer as the portal writes it everywhere (screens, Arena text): `YYYY-MM-DD`, with
 * ` HH:mm` (24-hour) when it has a time. Null when it holds no real date.
 * @example jotformDateText({ month: '3', day: '4', year: '2026' }) // → '2026-03-04'
 */
export function jotformDateText(value: unknown): string | null {
  const d = parseJotformDate(value);
  return d && (d.time ? `${d.date} ${d.time}` : d.date);
}
