/** Server times are UTC; a string without a zone designator is read as UTC too (spec §2 Logs). */
export function parseUtc(value: string): Date {
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value.trim());
  return new Date(hasZone ? value : `${value.trim().replace(' ', 'T')}Z`);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Local time as `YYYY-MM-DD HH:mm:ss`: sortable, and never ambiguous between day-first and
 * month-first readers. Unparseable input is shown as it came.
 */
export function formatLocalDateTime(value: string, withSeconds = true): string {
  const date = parseUtc(value);
  if (Number.isNaN(date.getTime())) return value;
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}${withSeconds ? `:${pad(date.getSeconds())}` : ''}`;
  return `${day} ${time}`;
}

/** The viewer's short zone name at that moment (e.g. 'CET', 'GMT+1'), or '' where Intl has none. */
export function shortZoneName(date: Date): string {
  try {
    return new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' }).formatToParts(date).find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/**
 * A moment recorded by the portal (an audit entry, a note, a decision) as `YYYY-MM-DD HH:mm ZONE`
 * in the viewer's local time: the one format the complaint file's screens share, so a change of
 * the time-zone rule is made here once.
 */
export function formatMoment(value: string): string {
  const date = parseUtc(value);
  if (Number.isNaN(date.getTime())) return value;
  const zone = shortZoneName(date);
  return zone ? `${formatLocalDateTime(value, false)} ${zone}` : formatLocalDateTime(value, false);
}
