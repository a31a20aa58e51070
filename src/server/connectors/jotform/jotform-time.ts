/**
 * JotForm writes timestamps as "YYYY-MM-DD HH:MM:SS" with no zone. They are the account's
 * local time; we treat every account as US-Eastern (JotForm's own zone, where its daily quota
 * resets too), DST included. Filters such as `created_at:gt` must be written the same way.
 */
export const JOTFORM_TIME_ZONE = 'America/New_York';

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: JOTFORM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

interface WallTime {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

function wallTime(d: Date): WallTime {
  const p: Record<string, string> = {};
  for (const part of wallClock.formatToParts(d)) p[part.type] = part.value;
  return { year: p.year ?? '', month: p.month ?? '', day: p.day ?? '', hour: p.hour ?? '', minute: p.minute ?? '', second: p.second ?? '' };
}

/** The instant as JotForm would write it: "YYYY-MM-DD HH:MM:SS", US-Eastern. */
export function formatJotformDateTime(d: Date): string {
  const w = wallTime(d);
  return `${w.year}-${w.month}-${w.day} ${w.hour}:${w.minute}:${w.second}`;
}

/** The US-Eastern calendar date of the instant, "YYYY-MM-DD". */
export function formatJotformDate(d: Date): string {
  return formatJotformDateTime(d).slice(0, 10);
}

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Reads a JotForm timestamp (or bare date) as US-Eastern; null when it is not one. */
export function parseJotformDateTime(value: string | null | undefined): Date | null {
  const m = value ? PATTERN.exec(value.trim()) : null;
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(asUtc) || y === '0000') return null;
  // The zone offset depends on the instant itself (DST), so refine the guess twice.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const w = wallTime(new Date(guess));
    const shown = Date.UTC(Number(w.year), Number(w.month) - 1, Number(w.day), Number(w.hour), Number(w.minute), Number(w.second));
    guess = asUtc - (shown - guess);
  }
  return new Date(guess);
}
