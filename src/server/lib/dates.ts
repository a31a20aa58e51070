/** Calendar-date helpers on UTC dates written YYYY-MM-DD. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * 86_400_000);
}

export function addDaysIso(date: string, days: number): string {
  return isoDate(addDays(new Date(`${date}T00:00:00Z`), days));
}

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => (i < 10 ? '0' : '') + i);
/**
 * `d.toISOString()`, written without the engine's formatter: a list page writes one per row, and
 * the built-in goes through a C++ call and printf (about twice the time). Years outside 1000–9999
 * (which it writes with a sign or fewer digits) and invalid dates are left to it.
 */
export function isoInstant(d: Date): string {
  const year = d.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return d.toISOString();
  const ms = d.getUTCMilliseconds();
  return `${year}-${TWO_DIGITS[d.getUTCMonth() + 1]}-${TWO_DIGITS[d.getUTCDate()]}T${TWO_DIGITS[d.getUTCHours()]}:${TWO_DIGITS[d.getUTCMinutes()]}:${TWO_DIGITS[d.getUTCSeconds()]}.${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z`;
}
