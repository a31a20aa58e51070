/**
 * Arena runs on US Pacific time: the daily quota resets at Pacific midnight and date-only values
 * are stored at a Pacific time of day, so the emulator needs the same arithmetic.
 */
const ZONE = 'America/Los_Angeles';
const DAY_MS = 86_400_000;

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' });
const dateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const headerFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  weekday: 'short',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/** Minutes east of UTC in Pacific time at that instant (-480 or -420). */
function offsetMinutes(at: Date): number {
  const name = offsetFormat.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT-08:00';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** The Pacific calendar date (YYYY-MM-DD) of an instant. */
export function pacificDate(at: Date): string {
  return dateFormat.format(at);
}

/** The instant of 00:00 Pacific on a calendar date. */
export function pacificMidnight(date: string): Date {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  // 08:00Z is still before the 02:00 local DST switch, so its offset is midnight's offset.
  const offset = offsetMinutes(new Date(utcMidnight + 8 * 3_600_000));
  return new Date(utcMidnight - offset * 60_000);
}

export function nextPacificMidnight(at: Date): Date {
  const tomorrow = new Date(Date.parse(`${pacificDate(at)}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return pacificMidnight(tomorrow);
}

/** 23:59:59 Pacific of the Pacific date of the instant, as Arena stores due dates. */
export function endOfPacificDay(at: Date): Date {
  return new Date(nextPacificMidnight(at).getTime() - 1000);
}

/** Arena's header date style: `Fri, 02-May-2014 14:22:13 GMT-0700 (PDT)`. */
export function formatResetHeader(at: Date): string {
  const p = Object.fromEntries(headerFormat.formatToParts(at).map((x) => [x.type, x.value]));
  const offset = offsetMinutes(at);
  const abs = Math.abs(offset);
  const zone = `${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
  return `${p.weekday}, ${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}:${p.second} GMT${zone} (${p.timeZoneName})`;
}

/** Zulu time without milliseconds, as every Arena date-time. */
export function zulu(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
