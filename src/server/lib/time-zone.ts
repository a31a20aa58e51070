import type { Clock } from './clock.ts';
import { zonedDate } from '#shared/time-zone';

/** The zone conversions live in shared code: the web app reads JotForm's account times too (decision 031). */
export { zonedDate, zonedDateTime, zonedTimeToUtc } from '#shared/time-zone';

/**
 * Today (YYYY-MM-DD) on the zone's calendar by `clock`, worked out again only when the clock's
 * minute changes: every zone's day now starts on a whole minute of UTC, so within one minute the
 * date cannot change. The conversion costs more than the rest of a follow-up save's answer
 * (decision 046).
 */
export function todayOn(clock: Clock, timeZone: string): () => string {
  let minute = Number.NaN;
  let date = '';
  return () => {
    const now = clock.now();
    const nowMinute = Math.floor(now.getTime() / 60_000);
    if (nowMinute !== minute) {
      minute = nowMinute;
      date = zonedDate(now, timeZone);
    }
    return date;
  };
}
