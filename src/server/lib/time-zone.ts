import type { Clock } from './clock.ts';
import { zonedDate } from '#shared/time-zone';

/** The zone conversions live in shared code: the web app reads JotForm's account times too (decision 031). */
export { zonedDate, zonedDateTime, zonedTimeToUtc } from '#shared/time-zone';

/** Today (YYYY-MM-DD) on the zone's calendar by `clock`: the one way the server asks for today. */
export function todayOn(clock: Clock, timeZone: string): string {
  return zonedDate(clock.now(), timeZone);
}
