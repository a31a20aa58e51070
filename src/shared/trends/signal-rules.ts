/**
 * Signal rules (docs/features/trends.md): set in advance per product, optionally per code, each
 * firing on counts of complaints by their become-aware date. Pure: the server feeds it counts, the
 * web app uses the same words and thresholds to describe a rule.
 *
 * - `count`: at least `count` complaints in the rolling window of the last `windowDays` days,
 *   today included.
 * - `mean`: this calendar month so far holds more complaints than `factor` times the monthly mean
 *   of the 12 whole months before it, and at least `minCount`.
 */
import { addDays, calendarDate } from '../dates.ts';

export const SIGNAL_RULE_KINDS = ['count', 'mean'] as const;

/** The months a `mean` rule's mean is taken over. */
export const MEAN_MONTHS = 12;

export interface CountRule {
  kind: 'count';
  product: string;
  code: string | null;
  windowDays: number;
  count: number;
}
export interface MeanRule {
  kind: 'mean';
  product: string;
  code: string | null;
  /** Written with at most two decimals (e.g. 1.5); compared in hundredths, so no rounding decides. */
  factor: number;
  minCount: number;
}
export type SignalRule = CountRule | MeanRule;

/** The days a rule counts, first and last included, as `today` sees them. */
export interface Window {
  from: string;
  to: string;
}

/** The rolling window of a count rule: the last `windowDays` days, today the last of them. */
export function countWindow(windowDays: number, today: string): Window {
  return { from: addDays(today, -(windowDays - 1)), to: today };
}

/** The first day of the month `months` after (before, when negative) the month of `date`. */
export function monthStart(date: string, months = 0): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + months;
  const year = y + Math.floor(m / 12);
  return calendarDate(year, (((m % 12) + 12) % 12) + 1, 1);
}

/** The windows of a mean rule: this month up to today, and the 12 whole months before it. */
export function meanWindows(today: string): { month: Window; history: Window } {
  const first = monthStart(today);
  return { month: { from: first, to: today }, history: { from: monthStart(today, -MEAN_MONTHS), to: addDays(first, -1) } };
}

/** A factor in hundredths (1.5 → 150); factors are written with at most two decimals. */
export const hundredths = (factor: number): number => Math.round(factor * 100);

/**
 * The smallest count that fires a mean rule: the first whole number above `factor` × the mean of
 * `historyTotal` complaints over 12 months, and at least `minCount`. In whole numbers:
 * n > total × factor / 12 ⇔ 1200 n > total × (100 factor).
 */
export function meanThreshold(historyTotal: number, factor: number, minCount: number): number {
  const above = Math.floor((historyTotal * hundredths(factor)) / (MEAN_MONTHS * 100)) + 1;
  return Math.max(minCount, above);
}

/** What one evaluation found: the count, the threshold it is held against, and (mean rules) the mean. */
export interface Evaluation {
  fires: boolean;
  count: number;
  threshold: number;
  /** Mean rules: the monthly mean of the 12 months before, rounded to two decimals; null for count rules. */
  mean: number | null;
  window: Window;
}

/**
 * Evaluates a rule on counts already taken: `count(window)` answers how many complaints of the
 * rule's product (and code) have a become-aware date within the window.
 */
export async function evaluateRule(rule: SignalRule, today: string, count: (w: Window) => Promise<number>): Promise<Evaluation> {
  if (rule.kind === 'count') {
    const window = countWindow(rule.windowDays, today);
    const n = await count(window);
    return { fires: n >= rule.count, count: n, threshold: rule.count, mean: null, window };
  }
  const { month, history } = meanWindows(today);
  const [n, total] = await Promise.all([count(month), count(history)]);
  const threshold = meanThreshold(total, rule.factor, rule.minCount);
  return { fires: n >= threshold, count: n, threshold, mean: Math.round((total * 100) / MEAN_MONTHS) / 100, window: month };
}

/** How many complaints in what: "5 or more in 30 days" / "this month above 1.5 × the monthly mean of the last 12 months (at least 3)". */
export function ruleCondition(rule: SignalRule): string {
  if (rule.kind === 'count') return `${rule.count} or more complaints in ${rule.windowDays === 1 ? '1 day' : `${rule.windowDays} days`}`;
  return `more complaints this month than ${rule.factor} × the monthly mean of the last ${MEAN_MONTHS} months (and at least ${rule.minCount})`;
}

/** "Infusion pump · A0401" or "Infusion pump · any code". */
export function ruleScope(rule: Pick<SignalRule, 'product' | 'code'>): string {
  return `${rule.product} · ${rule.code ?? 'any code'}`;
}
