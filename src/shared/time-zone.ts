const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's formatter of dates, with the time of day too when `withTime`. */
function formatter(timeZone: string, withTime = true): Intl.DateTimeFormat {
  const key = `${timeZone} ${withTime}`;
  let f = formatters.get(key);
  if (!f) {
    const time = withTime ? ({ hourCycle: 'h23', hour: '2-digit', minute: '2-digit', second: '2-digit' } as const) : {};
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', ...time });
    formatters.set(key, f);
  }
  return f;
}

/** The named parts of an instant's date and time on the zone's wall clock. */
function partsOf(instant: Date, timeZone: string): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  return Object.fromEntries(formatter(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
}

/** en-US's "MM/DD/YYYY, HH:MM:SS", as the zone's formatter writes an instant. */
const WALL_CLOCK = /^(\d+)\/(\d+)\/(\d+), (\d+):(\d+):(\d+)$/;

/**
 * How far the zone's wall clock is ahead of UTC at an instant, in ms. Read from the formatted
 * string (a third of what its parts cost: a first sync converts hundreds of thousands of times,
 * each several readings); from the parts when the string is not in that shape.
 */
function offsetAt(instant: number, timeZone: string): number {
  const m = WALL_CLOCK.exec(formatter(timeZone).format(instant));
  const parts = m ? { year: m[3], month: m[1], day: m[2], hour: m[4], minute: m[5], second: m[6] } : partsOf(new Date(instant), timeZone);
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(instant / 1000) * 1000;
}

const HOUR_MS = 3_600_000;

/**
 * A wall-clock time of a zone ("YYYY-MM-DD HH:MM:SS", as JotForm reports account time) as a UTC
 * instant; null when it is not such a time (also for impossible ones like Feb 30 or 24:00).
 * Example: ("2024-07-01 09:00:00", "America/New_York") → 2024-07-01T13:00:00Z. Around a DST change
 * it decides like Temporal's 'compatible': a repeated time is its first occurrence, a skipped
 * time (spring forward) is read with the offset before the change, i.e. moved forward.
 */
export function zonedTimeToUtc(local: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (Number.isNaN(asUtc) || check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  // The offsets in force shortly before and after this wall time; an instant is a valid reading
  // when the zone really has that offset at it (none in a gap, two in an overlap).
  const before = offsetAt(asUtc - 24 * HOUR_MS, timeZone);
  const offsets = new Set([before, offsetAt(asUtc, timeZone), offsetAt(asUtc + 24 * HOUR_MS, timeZone)]);
  const readings = [...offsets].map((o) => asUtc - o).filter((t) => offsetAt(t, timeZone) === asUtc - t);
  return new Date(readings.length > 0 ? Math.min(...readings) : asUtc - before);
}

/** An instant on the zone's wall clock, "YYYY-MM-DD HH:MM:SS" (how JotForm writes its times). */
export function zonedDateTime(instant: Date, timeZone: string): string {
  const parts = partsOf(instant, timeZone);
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The calendar date (YYYY-MM-DD) of an instant on the zone's wall clock. */
export function zonedDate(instant: Date, timeZone: string): string {
  // The date-only formatter writes en-US's MM/DD/YYYY.
  const [month, day, year] = formatter(timeZone, false).format(instant).split('/');
  return `${year}-${month}-${day}`;
}
