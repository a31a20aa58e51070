const pad = (n: number) => String(n).padStart(2, '0');

/** Today on the viewer's wall calendar, YYYY-MM-DD. */
export function isoDateToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
