import { describe, expect, it } from 'vitest';
import { type QuotaDay, learnedLimit, nextReset, planPolls } from './jotform-quota.ts';

const day = (over: Partial<QuotaDay> = {}): QuotaDay => ({ day: '2026-11-18', calls: 0, polls: 0, pollCalls: 0, limitLeft: null, mostLeftSeen: null, ...over });
const settings = { dailyLimit: null, share: 0.5, minIntervalMs: 60_000 };

describe("JotForm's daily quota", () => {
  it('learns the plan from limit-left: Starter 1,000, Bronze 10,000, Silver 50,000, Gold 100,000', () => {
    expect(learnedLimit(null)).toBeNull();
    expect(learnedLimit(844)).toBe(1_000);
    expect(learnedLimit(999)).toBe(1_000);
    expect(learnedLimit(1_000)).toBe(10_000);
    expect(learnedLimit(4_982)).toBe(10_000);
    expect(learnedLimit(49_000)).toBe(50_000);
    expect(learnedLimit(99_999)).toBe(100_000);
    expect(learnedLimit(250_000)).toBe(250_001);
  });

  it('resets at midnight US Eastern, in winter (EST) and summer (EDT)', () => {
    expect(nextReset(new Date('2026-11-18T15:00:00Z')).toISOString()).toBe('2026-11-19T05:00:00.000Z');
    expect(nextReset(new Date('2026-07-04T03:59:59Z')).toISOString()).toBe('2026-07-04T04:00:00.000Z');
    expect(nextReset(new Date('2026-07-04T04:00:00Z')).toISOString()).toBe('2026-07-05T04:00:00.000Z');
    // The night the clocks go back is 25 hours long.
    expect(nextReset(new Date('2026-11-01T12:00:00Z')).toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('spreads what is left of the share over the time to the reset, never closer than SYNC_INTERVAL', () => {
    // Noon in New York, 12 hours to go; 1,000 a day, half of it ours, 100 spent: 397 polls of one call.
    const noon = new Date('2026-11-18T17:00:00Z');
    const plan = planPolls(day({ calls: 100, polls: 100, pollCalls: 100, limitLeft: 900, mostLeftSeen: 999 }), settings, noon);
    expect(plan).toMatchObject({ dailyLimit: 1_000, budgetLeft: 400, callsPerPoll: 1 });
    expect(plan.intervalMs).toBe(Math.ceil((12 * 3_600_000) / 397));
    // A Gold account's share would allow a poll every 2 s: SYNC_INTERVAL holds.
    expect(planPolls(day({ limitLeft: 99_000, mostLeftSeen: 99_999 }), settings, noon).intervalMs).toBe(60_000);
  });

  it('waits for the reset once the share is spent, or once the account is down to its last tenth', () => {
    const noon = new Date('2026-11-18T17:00:00Z');
    const reset = Date.parse('2026-11-19T05:00:00Z');
    const spent = planPolls(day({ calls: 498, polls: 400, pollCalls: 498, limitLeft: 502, mostLeftSeen: 999 }), settings, noon);
    expect(spent.budgetLeft).toBe(2);
    expect(noon.getTime() + spent.intervalMs).toBeGreaterThan(reset);
    // Widgets have used the account's calls: 95 left of 1,000 leaves the portal nothing.
    const others = planPolls(day({ calls: 10, polls: 10, pollCalls: 10, limitLeft: 95, mostLeftSeen: 999 }), settings, noon);
    expect(others.budgetLeft).toBe(0);
    expect(noon.getTime() + others.intervalMs).toBeGreaterThan(reset);
  });

  it('polls at SYNC_INTERVAL until JotForm has said what is left, and takes JOTFORM_DAILY_LIMIT over what it learned', () => {
    const noon = new Date('2026-11-18T17:00:00Z');
    expect(planPolls(day(), settings, noon)).toMatchObject({ dailyLimit: null, budgetLeft: null, intervalMs: 60_000 });
    expect(planPolls(day({ limitLeft: 900, mostLeftSeen: 999 }), { ...settings, dailyLimit: 5_000 }, noon).dailyLimit).toBe(5_000);
  });
});
