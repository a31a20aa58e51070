import type { DecisionFilter, Regime } from '#shared/contract/reporting';
import type { SubmissionRow } from '#shared/contract/submissions';
import { type Holidays, usFederalHolidays } from '#shared/reporting/calendar';
import { type Category, reportingClocks } from '#shared/reporting/clocks';

/** What the reporting clocks need beyond a submission's own columns. */
export interface ReportingSettings {
  /** The regimes an undecided submission runs clocks for (REPORTING_REGIMES). */
  regimes: readonly Regime[];
  holidays: Holidays;
}

/** The columns of a submission the clocks are computed from. */
export interface ClockColumns {
  becomeAwareDate: string;
  reportingDecision: 'reportable' | 'not_reportable' | null;
  reportingCategory: Category | null;
  reportingRegimes: Regime[] | null;
  reportingReports: Partial<Record<Regime, string>>;
}

/** REPORTING_HOLIDAYS: the dates given replace the built-in US federal holidays of each year they name. */
export function holidaysFrom(override: readonly string[]): Holidays {
  const byYear = new Map<number, readonly string[]>();
  for (const d of override) byYear.set(Number(d.slice(0, 4)), [...(byYear.get(Number(d.slice(0, 4))) ?? []), d]);
  // Each year's list worked out once: work-day arithmetic asks for it on every clock computed.
  return (year) => {
    let days = byYear.get(year);
    if (!days) byYear.set(year, (days = usFederalHolidays(year)));
    return days;
  };
}

function clockInput(row: ClockColumns, s: ReportingSettings, today: string) {
  return {
    becomeAwareDate: row.becomeAwareDate,
    decision: row.reportingDecision ? { decision: row.reportingDecision, category: row.reportingCategory } : undefined,
    regimes: row.reportingRegimes ?? s.regimes,
    reports: Object.entries(row.reportingReports ?? {}).map(([regime, reportedOn]) => ({ regime: regime as Regime, reportedOn: reportedOn as string })),
    today,
    holidays: s.holidays,
  };
}

type ClockResult = ReturnType<typeof reportingClocks>;
function hasEntries(o: object | null | undefined): boolean {
  for (const _ in o) return true;
  return false;
}
/**
 * Results by their inputs: a list page or a write answers rows whose clocks were computed moments
 * ago (work-day arithmetic walks the calendar). Per settings object; emptied when it grows large.
 */
const memo = new WeakMap<ReportingSettings, Map<string, ClockResult>>();
function clocksOf(row: ClockColumns, s: ReportingSettings, today: string): ClockResult {
  let cache = memo.get(s);
  if (!cache) memo.set(s, (cache = new Map()));
  // Most rows are undecided with no report filed: their clocks depend on the two dates alone.
  const plain = row.reportingDecision === null && row.reportingRegimes === null && !hasEntries(row.reportingReports);
  const key = plain
    ? `${row.becomeAwareDate}|${today}`
    : `${row.becomeAwareDate}|${row.reportingDecision}|${row.reportingCategory}|${row.reportingRegimes?.join() ?? '*'}|${JSON.stringify(row.reportingReports ?? {})}|${today}`;
  let r = cache.get(key);
  if (!r) {
    if (cache.size >= 10_000) cache.clear();
    cache.set(key, (r = reportingClocks(clockInput(row, s, today))));
  }
  return r;
}

/** The reporting fields a row and the details answer carry, as of `today` (YYYY-MM-DD, JotForm account time). */
export function reportingFieldsOf(row: ClockColumns, s: ReportingSettings, today: string): Pick<SubmissionRow, 'reportingClocks' | 'reportingDue' | 'clock' | 'decision'> {
  const r = clocksOf(row, s, today);
  const decision: DecisionFilter = row.reportingDecision ?? 'undecided';
  return { reportingClocks: r.reportingClocks.map((c) => ({ ...c })), reportingDue: r.reportingDue, clock: r.clock, decision };
}

/** The earliest due date of a clock still open (what `reporting_due` stores); it does not depend on today. */
export function reportingDueOf(row: ClockColumns, s: ReportingSettings): string | null {
  return clocksOf(row, s, row.becomeAwareDate).reportingDue;
}
