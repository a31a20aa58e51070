import { zonedTimeToUtc } from '#shared/time-zone';

/**
 * One way to show a moment everywhere in the app (decision 031): the viewer's own zone, written
 * `YYYY-MM-DD HH:mm` (sortable, never day-first versus month-first) and labelled with the zone's
 * short name as Intl gives it for en-US ("EST", "PDT", "UTC", "GMT+1"). Dates without a time
 * (become-aware date, deadlines) are calendar dates and are shown as they are, without a zone.
 */

/** Server times are UTC; a string without a zone designator is read as UTC too (docs/product.md, Logs and audit trail). */
export function parseUtc(value: string): Date {
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value.trim());
  return new Date(hasZone ? value : `${value.trim().replace(' ', 'T')}Z`);
}

export interface DateTimeOptions {
  /** IANA zone; left out, the viewer's own (read afresh on every call). */
  timeZone?: string | undefined;
  /** Adds `:ss` (logs, where seconds tell entries apart). */
  seconds?: boolean | undefined;
}

export interface DateTimeParts {
  date: string;
  /** `HH:mm` or `HH:mm:ss`. */
  time: string;
  /** The zone's short name at that moment (EST in winter, EDT in summer). */
  zone: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, seconds: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${seconds}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' as const } : {}),
      timeZoneName: 'short',
    });
    formatters.set(key, f);
  }
  return f;
}

/** The viewer's zone now: resolved per call, so a changed system zone is followed. */
export function viewerTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const toDate = (value: string | Date): Date => (typeof value === 'string' ? parseUtc(value) : value);

/** The date, time and zone name of a moment, or null when it is not a readable time. */
export function dateTimeParts(value: string | Date, { timeZone, seconds = false }: DateTimeOptions = {}): DateTimeParts | null {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return null;
  const p = Object.fromEntries(formatter(timeZone ?? viewerTimeZone(), seconds).formatToParts(date).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}${seconds ? `:${p.second}` : ''}`, zone: p.timeZoneName ?? '' };
}

/** `2026-11-23 14:02 EST` in the viewer's zone (or `timeZone`); unreadable input is shown as it came. */
export function formatDateTime(value: string | Date, options: DateTimeOptions = {}): string {
  const parts = dateTimeParts(value, options);
  if (!parts) return typeof value === 'string' ? value : '';
  return `${parts.date} ${parts.time} ${parts.zone}`;
}

/**
 * A JotForm time ("YYYY-MM-DD HH:MM:SS" on the account's wall clock, decision 003) as the moment it
 * names, or null when it is not such a time.
 */
export function accountTimeToDate(local: string, accountTimeZone: string): Date | null {
  return zonedTimeToUtc(local, accountTimeZone);
}

/**
 * A moment recorded by the portal (an audit entry, a note, a decision): `formatDateTime`, the one
 * format every screen shares (decision 031).
 */
export const formatMoment = (value: string): string => formatDateTime(value);

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * A value as the audit trail recorded it, for the screen: an instant ("2026-11-23T19:02:09.512Z")
 * in the one format, anything else (a calendar date, a name, a status) as it is.
 */
export function formatRecordedValue(text: string): string {
  return INSTANT.test(text.trim()) ? formatDateTime(text.trim()) : text;
}
