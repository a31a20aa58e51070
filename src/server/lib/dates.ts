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
