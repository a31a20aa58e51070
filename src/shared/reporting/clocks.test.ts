import { describe, expect, it } from 'vitest';
import { type ClockInput, REGIMES, reportingClocks } from './clocks.ts';

const bad = '2026-11-20'; // a Friday, the week before Thanksgiving
const base: ClockInput = { becomeAwareDate: bad, regimes: REGIMES, today: bad };
const dues = (input: Partial<ClockInput>) => Object.fromEntries(reportingClocks({ ...base, ...input }).reportingClocks.map((c) => [c.regime, c.due]));

describe('reporting clocks by category', () => {
  it('standard: US 30 calendar days, user facility 10 work days, EU 15 days', () => {
    expect(dues({ decision: { decision: 'reportable', category: 'standard' } })).toEqual({ US_MDR: '2026-12-20', US_USER_FACILITY: '2026-12-07', EU_MDR: '2026-12-05' });
  });

  it('death or serious deterioration: EU 10 days', () => {
    expect(dues({ decision: { decision: 'reportable', category: 'death_or_serious_deterioration' } })).toEqual({ US_MDR: '2026-12-20', US_USER_FACILITY: '2026-12-07', EU_MDR: '2026-11-30' });
  });

  it('public health threat: US 5 work days, EU 2 days', () => {
    expect(dues({ decision: { decision: 'reportable', category: 'public_health_threat' } })).toEqual({ US_MDR: '2026-11-30', US_USER_FACILITY: '2026-12-07', EU_MDR: '2026-11-22' });
  });

  it('remedial action: US 5 work days, EU 15 days', () => {
    expect(dues({ decision: { decision: 'reportable', category: 'remedial_action' } })).toEqual({ US_MDR: '2026-11-30', US_USER_FACILITY: '2026-12-07', EU_MDR: '2026-12-05' });
  });
});

describe('a category per regime (a decision from an assessment)', () => {
  it('gives each regime named its own clock; the others keep the shortest', () => {
    const decision = { decision: 'reportable' as const, categories: { US_MDR: 'remedial_action', EU_MDR: 'death_or_serious_deterioration' } as const };
    expect(dues({ decision })).toEqual({ US_MDR: '2026-11-30', US_USER_FACILITY: '2026-12-07', EU_MDR: '2026-11-30' });
    expect(dues({ decision: { ...decision, categories: { EU_MDR: 'standard' } } })).toEqual({ US_MDR: '2026-11-30', US_USER_FACILITY: '2026-12-07', EU_MDR: '2026-12-05' });
  });
});

describe('an undecided submission', () => {
  it('runs the shortest clock each regime could need', () => {
    expect(dues({})).toEqual({ US_MDR: '2026-11-30', US_USER_FACILITY: '2026-12-07', EU_MDR: '2026-11-22' });
    expect(reportingClocks(base)).toMatchObject({ reportingDue: '2026-11-22', clock: 'due_soon' });
  });

  it('as does one marked reportable without a category', () => {
    expect(dues({ decision: { decision: 'reportable' } })).toEqual(dues({}));
  });

  it('runs only the regimes configured', () => {
    expect(reportingClocks({ ...base, regimes: ['US_MDR'], today: '2026-11-23' })).toMatchObject({ reportingDue: '2026-11-30', clock: 'open' });
  });
});

describe('the clock state', () => {
  const decided = { decision: { decision: 'reportable' as const, category: 'standard' as const }, regimes: ['US_MDR', 'EU_MDR'] as const };

  it('is open with more than 3 days left, due soon with 3 or fewer, overdue the day after the due date', () => {
    expect(reportingClocks({ ...base, ...decided, today: '2026-12-01' }).clock).toBe('open');
    expect(reportingClocks({ ...base, ...decided, today: '2026-12-02' }).clock).toBe('due_soon');
    expect(reportingClocks({ ...base, ...decided, today: '2026-12-05' }).clock).toBe('due_soon');
    expect(reportingClocks({ ...base, ...decided, today: '2026-12-06' }).clock).toBe('overdue');
  });

  it('moves to the next open regime once one is reported, and is met when every regime is', () => {
    const oneFiled = reportingClocks({ ...base, ...decided, reports: [{ regime: 'EU_MDR', reportedOn: '2026-12-01' }], today: '2026-12-10' });
    expect(oneFiled).toEqual({
      reportingClocks: [
        { regime: 'US_MDR', due: '2026-12-20', reportedOn: null },
        { regime: 'EU_MDR', due: '2026-12-05', reportedOn: '2026-12-01' },
      ],
      reportingDue: '2026-12-20',
      clock: 'open',
    });
    const allFiled = reportingClocks({ ...base, ...decided, reports: [{ regime: 'EU_MDR', reportedOn: '2026-12-01' }, { regime: 'US_MDR', reportedOn: '2026-12-19' }], today: '2027-01-10' });
    expect(allFiled).toMatchObject({ reportingDue: null, clock: 'met' });
  });

  it('is none once decided not reportable', () => {
    expect(reportingClocks({ ...base, decision: { decision: 'not_reportable' }, today: '2027-01-01' })).toEqual({ reportingClocks: [], reportingDue: null, clock: 'none' });
  });
});
