import type { Regime } from '#shared/contract/reporting';
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

type ReportingFields = Pick<SubmissionRow, 'reportingClocks' | 'reportingDue' | 'clock' | 'decision'>;
function hasEntries(o: object | null | undefined): boolean {
  for (const _ in o) return true;
  return false;
}
/**
 * Results by their inputs: a list page or a write answers rows whose clocks were computed moments
 * ago (work-day arithmetic walks the calendar). Per settings object; emptied when it grows large.
 * Each result is frozen, its clocks too: one object is the answer of every row with the same
 * inputs, so nothing may change it under another answer.
 */
interface Memo {
  /** Undecided rows with no report filed, by today then their become-aware date: their clocks depend on the two dates alone. */
  plain: Map<string, Map<string, ReportingFields>>;
  /** The others, by all their inputs. */
  other: Map<string, ReportingFields>;
  size: number;
}
const memo = new WeakMap<ReportingSettings, Memo>();
const MEMO_MAX = 10_000;
function remembered(m: Memo, r: ReportingFields): ReportingFields {
  if (++m.size > MEMO_MAX) {
    m.plain.clear();
    m.other.clear();
    m.size = 1;
  }
  return r;
}
/** The reporting fields a row and the details answer carry, as of `today` (YYYY-MM-DD, JotForm account time); frozen. */
export function reportingFieldsOf(row: ClockColumns, s: ReportingSettings, today: string): ReportingFields {
  let m = memo.get(s);
  if (!m) memo.set(s, (m = { plain: new Map(), other: new Map(), size: 0 }));
  if (row.reportingDecision === null && row.reportingRegimes === null && !hasEntries(row.reportingReports)) {
    let r = m.plain.get(today)?.get(row.becomeAwareDate);
    if (!r) {
      r = remembered(m, computed(row, s, today));
      let byDate = m.plain.get(today);
      if (!byDate) m.plain.set(today, (byDate = new Map()));
      byDate.set(row.becomeAwareDate, r);
    }
    return r;
  }
  const key = `${row.becomeAwareDate}|${row.reportingDecision}|${row.reportingCategory}|${row.reportingRegimes?.join() ?? '*'}|${JSON.stringify(row.reportingReports ?? {})}|${today}`;
  let r = m.other.get(key);
  if (!r) m.other.set(key, (r = remembered(m, computed(row, s, today))));
  return r;
}

/** A row's fields worked out, frozen: the memo hands the same object to every row with the same inputs. */
function computed(row: ClockColumns, s: ReportingSettings, today: string): ReportingFields {
  const clocks = reportingClocks(clockInput(row, s, today));
  const list = clocks.reportingClocks.map((c) => Object.freeze({ ...c }));
  Object.freeze(list);
  return Object.freeze({ reportingClocks: list, reportingDue: clocks.reportingDue, clock: clocks.clock, decision: row.reportingDecision ?? 'undecided' });
}

/** The earliest due date of a clock still open (what `reporting_due` stores); it does not depend on today. */
export function reportingDueOf(row: ClockColumns, s: ReportingSettings): string | null {
  return reportingFieldsOf(row, s, row.becomeAwareDate).reportingDue;
}
