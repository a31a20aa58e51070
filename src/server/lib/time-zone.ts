/** The zone conversions live in shared code: the web app reads JotForm's account times too (decision 031). */
export { zonedDate, zonedDateTime, zonedTimeToUtc } from '#shared/time-zone';
