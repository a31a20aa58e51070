import { addDays, daysBetween } from '../dates.ts';
import { type Holidays, addWorkDays, usFederalHolidays } from './calendar.ts';

/** The reporting regimes a submission may fall under. */
export const REGIMES = ['US_MDR', 'US_USER_FACILITY', 'EU_MDR'] as const;
export type Regime = (typeof REGIMES)[number];

export const CATEGORIES = ['standard', 'death_or_serious_deterioration', 'public_health_threat', 'remedial_action'] as const;
export type Category = (typeof CATEGORIES)[number];

interface Deadline {
  days: number;
  unit: 'calendar' | 'work';
}
const cal = (days: number): Deadline => ({ days, unit: 'calendar' });
const work = (days: number): Deadline => ({ days, unit: 'work' });

/**
 * Days from the become-aware date to the report, by category and regime:
 * US 21 CFR 803 — a manufacturer 30 calendar days (803.50) or 5 work days when remedial action is
 * needed or FDA asks (803.53); a user facility 10 work days (803.30); EU MDR Art. 87 — 15 days, 10
 * for a death or unanticipated serious deterioration, 2 for a serious public health threat.
 */
export const DEADLINES: Record<Category, Record<Regime, Deadline>> = {
  standard: { US_MDR: cal(30), US_USER_FACILITY: work(10), EU_MDR: cal(15) },
  death_or_serious_deterioration: { US_MDR: cal(30), US_USER_FACILITY: work(10), EU_MDR: cal(10) },
  public_health_threat: { US_MDR: work(5), US_USER_FACILITY: work(10), EU_MDR: cal(2) },
  remedial_action: { US_MDR: work(5), US_USER_FACILITY: work(10), EU_MDR: cal(15) },
};

export type ClockState = 'none' | 'open' | 'due_soon' | 'overdue' | 'met';

/** A clock counts as due soon with this many days or fewer left. */
export const DUE_SOON_DAYS = 3;

export interface ReportingClock {
  regime: Regime;
  /** YYYY-MM-DD: the last day the report may be filed. */
  due: string;
  /** YYYY-MM-DD when the report was filed, or null while it is open. */
  reportedOn: string | null;
}

export interface ClockInput {
  /** The become-aware date, YYYY-MM-DD. */
  becomeAwareDate: string;
  /** undefined: not decided yet. A 'reportable' without a category came through mark-reportable. */
  decision?: { decision: 'reportable' | 'not_reportable'; category?: Category | null } | undefined;
  regimes: readonly Regime[];
  reports?: readonly { regime: Regime; reportedOn: string }[];
  /** Today in the time zone the become-aware dates are written in, YYYY-MM-DD. */
  today: string;
  holidays?: Holidays;
}

export interface ClockResult {
  reportingClocks: ReportingClock[];
  /** The earliest due date among clocks not yet met, or null. */
  reportingDue: string | null;
  clock: ClockState;
}

export function dueDate(becomeAwareDate: string, deadline: Deadline, holidays: Holidays = usFederalHolidays): string {
  return deadline.unit === 'calendar' ? addDays(becomeAwareDate, deadline.days) : addWorkDays(becomeAwareDate, deadline.days, holidays);
}

/** Of each unit, the deadline with the fewest days: a longer one of the same unit never ends first. */
function shortest(deadlines: readonly Deadline[]): Deadline[] {
  const byUnit = new Map<Deadline['unit'], Deadline>();
  for (const d of deadlines) {
    const kept = byUnit.get(d.unit);
    if (!kept || d.days < kept.days) byUnit.set(d.unit, d);
  }
  return [...byUnit.values()];
}

/**
 * A submission's reporting clocks. Until a decision names a category, each regime runs the
 * shortest clock any category could need, so nothing is missed; `not_reportable` stops them all.
 */
export function reportingClocks(input: ClockInput): ClockResult {
  const { becomeAwareDate: bad, decision, today } = input;
  const holidays = input.holidays ?? usFederalHolidays;
  if (decision?.decision === 'not_reportable' || input.regimes.length === 0) return { reportingClocks: [], reportingDue: null, clock: 'none' };
  const category = decision?.category ?? undefined;
  const reportingClocks = input.regimes.map((regime): ReportingClock => {
    const candidates = category ? [DEADLINES[category][regime]] : CATEGORIES.map((c) => DEADLINES[c][regime]);
    const due = shortest(candidates).map((d) => dueDate(bad, d, holidays)).sort()[0]!;
    const reportedOn = input.reports?.filter((r) => r.regime === regime).map((r) => r.reportedOn).sort()[0] ?? null;
    return { regime, due, reportedOn };
  });
  const open = reportingClocks.filter((c) => c.reportedOn === null).map((c) => c.due).sort();
  const reportingDue = open[0] ?? null;
  const clock: ClockState = reportingDue === null ? 'met' : reportingDue < today ? 'overdue' : daysBetween(today, reportingDue) <= DUE_SOON_DAYS ? 'due_soon' : 'open';
  return { reportingClocks, reportingDue, clock };
}
