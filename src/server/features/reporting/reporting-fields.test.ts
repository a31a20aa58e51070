import { describe, expect, it } from 'vitest';
import { holidaysFrom, reportingDueOf, reportingFieldsOf } from './reporting-fields.ts';

const undecided = { reportingDecision: null, reportingCategory: null, reportingCategories: {}, reportingRegimes: null, reportingReports: {} };

describe('REPORTING_HOLIDAYS', () => {
  it('replaces the built-in holidays of the years it names; other years keep them', () => {
    // Friday 2025-06-13: 5 work days skip Juneteenth (Thu 06-19): 16, 17, 18, 20, 23.
    const builtIn = holidaysFrom([]);
    expect(reportingDueOf({ ...undecided, becomeAwareDate: '2025-06-13' }, { regimes: ['US_MDR'], holidays: builtIn })).toBe('2025-06-23');
    // A 2025 list of Monday 06-16 and Tuesday 06-17 only (Juneteenth a work day): 18, 19, 20, 23, 24.
    const custom = holidaysFrom(['2025-06-17', '2025-06-16']);
    expect(reportingDueOf({ ...undecided, becomeAwareDate: '2025-06-13' }, { regimes: ['US_MDR'], holidays: custom })).toBe('2025-06-24');
    // 2026 keeps Juneteenth (Friday 06-19): Thursday 06-18 + 5 work days → 22, 23, 24, 25, 26.
    expect(reportingDueOf({ ...undecided, becomeAwareDate: '2026-06-18' }, { regimes: ['US_MDR'], holidays: custom })).toBe('2026-06-26');
  });

  it('a filed report closes its regime; not reportable leaves no clock', () => {
    const s = { regimes: ['US_MDR', 'EU_MDR'] as const, holidays: holidaysFrom([]) };
    // Saturday 2025-06-14, undecided: US 06-23, EU 06-16.
    expect(reportingDueOf({ ...undecided, becomeAwareDate: '2025-06-14', reportingReports: { EU_MDR: '2025-06-15' } }, s)).toBe('2025-06-23');
    expect(reportingDueOf({ ...undecided, becomeAwareDate: '2025-06-14', reportingDecision: 'not_reportable' }, s)).toBeNull();
  });
});

describe("a row's reporting fields as of a day", () => {
  it('are worked out per day', () => {
    const s = { regimes: ['US_MDR'] as const, holidays: holidaysFrom([]) };
    // Friday 2025-06-13: US MDR due Monday 06-23 (Juneteenth skipped).
    const row = { ...undecided, becomeAwareDate: '2025-06-13' };
    expect(reportingFieldsOf(row, s, '2025-06-16')).toMatchObject({ reportingDue: '2025-06-23', clock: 'open', decision: 'undecided' });
    expect(reportingFieldsOf(row, s, '2025-06-24')).toMatchObject({ reportingDue: '2025-06-23', clock: 'overdue' });
    expect(reportingDueOf(row, s)).toBe('2025-06-23');
    expect(reportingFieldsOf({ ...row, reportingDecision: 'not_reportable' }, s, '2025-06-16')).toMatchObject({ reportingClocks: [], reportingDue: null, decision: 'not_reportable' });
  });
});
