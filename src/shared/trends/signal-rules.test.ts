import { describe, expect, it } from 'vitest';
import { type SignalRule, countWindow, evaluateRule, meanThreshold, meanWindows, monthStart, ruleCondition } from './signal-rules.ts';

/** Counts from a list of become-aware dates, as the server's count tables would answer. */
const counter = (dates: string[]) => async (w: { from: string; to: string }) => dates.filter((d) => d >= w.from && d <= w.to).length;

describe('windows', () => {
  it('a 30-day window ends today and starts 29 days before', () => {
    expect(countWindow(30, '2026-03-10')).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(countWindow(1, '2026-03-10')).toEqual({ from: '2026-03-10', to: '2026-03-10' });
  });
  it('months step across years', () => {
    expect(monthStart('2026-01-31', -1)).toBe('2025-12-01');
    expect(monthStart('2026-01-31', -12)).toBe('2025-01-01');
    expect(monthStart('2026-12-15', 1)).toBe('2027-01-01');
    expect(monthStart('2026-03-15')).toBe('2026-03-01');
  });
  it('a mean rule holds this month so far against the 12 whole months before', () => {
    expect(meanWindows('2026-03-10')).toEqual({ month: { from: '2026-03-01', to: '2026-03-10' }, history: { from: '2025-03-01', to: '2026-02-28' } });
  });
});

describe('count rule', () => {
  const rule: SignalRule = { kind: 'count', product: 'Infusion pump', code: null, windowDays: 7, count: 3 };
  it('fires at exactly its count within the window and not before', async () => {
    const today = '2026-05-20';
    // Two inside the 7 days (14th … 20th), one just outside on the 13th.
    const two = ['2026-05-14', '2026-05-20', '2026-05-13'];
    const before = await evaluateRule(rule, today, counter(two));
    expect(before).toMatchObject({ fires: false, count: 2, threshold: 3, mean: null });
    const at = await evaluateRule(rule, today, counter([...two, '2026-05-17']));
    expect(at).toMatchObject({ fires: true, count: 3, threshold: 3, window: { from: '2026-05-14', to: '2026-05-20' } });
  });
});

describe('mean rule', () => {
  it('the threshold is the first whole count above factor × mean, in exact arithmetic', () => {
    // 24 over 12 months: mean 2; × 1.5 = 3, and "above" means 4.
    expect(meanThreshold(24, 1.5, 1)).toBe(4);
    // 12 over 12 months: mean 1; × 1.1 = 1.1 → 2.
    expect(meanThreshold(12, 1.1, 1)).toBe(2);
    // 36 × 0.7 / 12 = 2.1 exactly in tenths, where 36 * 0.7 / 12 in floating point is 2.0999…: → 3.
    expect(meanThreshold(36, 0.7, 1)).toBe(3);
    // No history: the minimum decides.
    expect(meanThreshold(0, 2, 3)).toBe(3);
  });

  it('fires at exactly its threshold and not before', async () => {
    const rule: SignalRule = { kind: 'mean', product: 'Glucose meter', code: 'A0401', factor: 1.5, minCount: 2 };
    const today = '2026-03-10';
    // Two a month for the 12 months March 2025 … February 2026 (mean 2), and one older that is left out.
    const history = ['2025-02-28'];
    for (let m = 0; m < 12; m++) {
      const month = monthStart('2025-03-01', m);
      history.push(month, `${month.slice(0, 8)}15`);
    }
    const three = [...history, '2026-03-01', '2026-03-05', '2026-03-10'];
    const before = await evaluateRule(rule, today, counter(three));
    expect(before).toMatchObject({ fires: false, count: 3, threshold: 4, mean: 2 });
    const at = await evaluateRule(rule, today, counter([...three, '2026-03-09']));
    expect(at).toMatchObject({ fires: true, count: 4, threshold: 4, mean: 2, window: { from: '2026-03-01', to: '2026-03-10' } });
    // A complaint dated after today does not count yet.
    expect((await evaluateRule(rule, today, counter([...three, '2026-03-11']))).fires).toBe(false);
  });
});

describe('words', () => {
  it('describes each kind', () => {
    expect(ruleCondition({ kind: 'count', product: 'P', code: null, windowDays: 30, count: 5 })).toBe('5 or more complaints in 30 days');
    expect(ruleCondition({ kind: 'mean', product: 'P', code: 'A01', factor: 2, minCount: 3 })).toBe('more complaints this month than 2 × the monthly mean of the last 12 months (and at least 3)');
  });
});
