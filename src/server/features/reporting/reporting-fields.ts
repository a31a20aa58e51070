import type { Regime } from '#shared/contract/reporting';
import type { SubmissionRow, SubmissionStatus } from '#shared/contract/submissions';
import { type Holidays, holidaysOf, usFederalHolidays } from '#shared/reporting/calendar';
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
  /** Each regime's own category (a decision from an assessment); empty: `reportingCategory` for all. */
  reportingCategories: Partial<Record<Regime, Category>>;
  reportingRegimes: Regime[] | null;
  reportingReports: Partial<Record<Regime, string>>;
  /** A denied submission's clocks are closed (docs/product.md, Reporting clocks); absent: open as decided. */
  submissionStatus?: SubmissionStatus;
}

/** REPORTING_HOLIDAYS: the dates given replace the built-in US federal holidays of each year they name. */
export function holidaysFrom(override: readonly string[]): Holidays {
  const byYear = new Map<number, string[]>();
  for (const d of override) byYear.set(Number(d.slice(0, 4)), [...(byYear.get(Number(d.slice(0, 4))) ?? []), d]);
  return holidaysOf((year) => byYear.get(year) ?? usFederalHolidays(year));
}

function clockInput(row: ClockColumns, s: ReportingSettings, today: string) {
  return {
    becomeAwareDate: row.becomeAwareDate,
    decision: row.reportingDecision ? { decision: row.reportingDecision, category: row.reportingCategory, categories: row.reportingCategories } : undefined,
    regimes: row.reportingRegimes ?? s.regimes,
    reports: Object.entries(row.reportingReports ?? {}).map(([regime, reportedOn]) => ({ regime: regime as Regime, reportedOn: reportedOn as string })),
    today,
    holidays: s.holidays,
  };
}

type ReportingFields = Pick<SubmissionRow, 'reportingClocks' | 'reportingDue' | 'clock' | 'decision'>;

/** A denied submission's fields: no clock runs, whatever its decision. */
const closed = (decision: ReportingFields['decision']): ReportingFields => ({ reportingClocks: [], reportingDue: null, clock: 'none', decision });

/** The reporting fields a row and the details reply carry, as of `today` (YYYY-MM-DD, JotForm account time). */
export function reportingFieldsOf(row: ClockColumns, s: ReportingSettings, today: string): ReportingFields {
  if (row.submissionStatus === 'Denied') return closed(row.reportingDecision ?? 'undecided');
  const clocks = reportingClocks(clockInput(row, s, today));
  return { reportingClocks: clocks.reportingClocks, reportingDue: clocks.reportingDue, clock: clocks.clock, decision: row.reportingDecision ?? 'undecided' };
}

/** The earliest due date of a clock still open (what `reporting_due` stores); it does not depend on today. */
export function reportingDueOf(row: ClockColumns, s: ReportingSettings): string | null {
  if (row.submissionStatus === 'Denied') return null;
  return reportingClocks(clockInput(row, s, row.becomeAwareDate)).reportingDue;
}
