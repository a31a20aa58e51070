import { dateOfDay, dayNumber } from '../dates.ts';
import { type Holidays, US_FEDERAL_HOLIDAYS, addWorkDayNumbers } from './calendar.ts';

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
  /**
   * undefined: not decided yet. A 'reportable' without a category came through mark-reportable.
   * `categories` gives a regime its own category (a decision from an assessment); the others take `category`.
   */
  decision?: { decision: 'reportable' | 'not_reportable'; category?: Category | null; categories?: Partial<Record<Regime, Category>> | null } | undefined;
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

/** The day number a deadline ends on, counted from the become-aware date's. */
function dueDay(becomeAware: number, deadline: Deadline, holidays: Holidays): number {
  return deadline.unit === 'calendar' ? becomeAware + deadline.days : addWorkDayNumbers(becomeAware, deadline.days, holidays);
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

/** The last day a regime's report of a category may be filed, counted from the become-aware date (YYYY-MM-DD). */
export function dueDate(becomeAwareDate: string, regime: Regime, category: Category, holidays: Holidays = US_FEDERAL_HOLIDAYS): string {
  return dateOfDay(dueDay(dayNumber(becomeAwareDate), DEADLINES[category][regime], holidays));
}

/**
 * A submission's reporting clocks. Until a decision names a regime's category, it runs the
 * shortest clock any category could need, so nothing is missed; `not_reportable` stops them all.
 * Days are counted as day numbers (../dates.ts) and written as dates at the end.
 */
export function reportingClocks(input: ClockInput): ClockResult {
  const { decision } = input;
  const holidays = input.holidays ?? US_FEDERAL_HOLIDAYS;
  if (decision?.decision === 'not_reportable' || input.regimes.length === 0) return { reportingClocks: [], reportingDue: null, clock: 'none' };
  const becomeAware = dayNumber(input.becomeAwareDate);
  const reportingClocks: ReportingClock[] = [];
  // The clock not yet reported that ends first.
  let firstOpen: { due: number; clock: ReportingClock } | null = null;
  for (const regime of input.regimes) {
    const category = decision?.categories?.[regime] ?? decision?.category ?? undefined;
    const candidates = category ? [DEADLINES[category][regime]] : CATEGORIES.map((c) => DEADLINES[c][regime]);
    const due = Math.min(...shortest(candidates).map((d) => dueDay(becomeAware, d, holidays)));
    const reportedOn = input.reports?.filter((r) => r.regime === regime).map((r) => r.reportedOn).sort()[0] ?? null;
    const clock = { regime, due: dateOfDay(due), reportedOn };
    reportingClocks.push(clock);
    if (reportedOn === null && (firstOpen === null || due < firstOpen.due)) firstOpen = { due, clock };
  }
  if (firstOpen === null) return { reportingClocks, reportingDue: null, clock: 'met' };
  const left = firstOpen.due - dayNumber(input.today);
  return { reportingClocks, reportingDue: firstOpen.clock.due, clock: left < 0 ? 'overdue' : left <= DUE_SOON_DAYS ? 'due_soon' : 'open' };
}
