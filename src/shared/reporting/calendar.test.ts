import { describe, expect, it } from 'vitest';
import { addWorkDays, holidaysOf, usFederalHolidays } from './calendar.ts';

describe('US federal holidays', () => {
  it('2026 as OPM lists them (Independence Day on a Saturday observed on Friday July 3)', () => {
    expect(usFederalHolidays(2026)).toEqual(['2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-07-03', '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25']);
  });

  it('2021: Christmas on a Saturday observed December 24, and New Year’s Day 2022 observed December 31, 2021', () => {
    expect(usFederalHolidays(2021)).toEqual(['2021-01-01', '2021-01-18', '2021-02-15', '2021-05-31', '2021-06-18', '2021-07-05', '2021-09-06', '2021-10-11', '2021-11-11', '2021-11-25', '2021-12-24', '2021-12-31']);
  });

  it('2022 and 2023: a Sunday holiday moves to Monday; a Saturday New Year stays in the year before', () => {
    expect(usFederalHolidays(2022)).toEqual(['2022-01-17', '2022-02-21', '2022-05-30', '2022-06-20', '2022-07-04', '2022-09-05', '2022-10-10', '2022-11-11', '2022-11-24', '2022-12-26']);
    expect(usFederalHolidays(2023)[0]).toBe('2023-01-02');
  });

  it('no Juneteenth before 2021', () => {
    expect(usFederalHolidays(2020).some((d) => d.startsWith('2020-06'))).toBe(false);
  });
});

describe('work days after a date', () => {
  it('skips the weekend and Thanksgiving', () => {
    // Friday 2026-11-20: Mon 23, Tue 24, Wed 25, (Thanksgiving 26), Fri 27, Mon 30.
    expect(addWorkDays('2026-11-20', 5)).toBe('2026-11-30');
    expect(addWorkDays('2026-11-20', 10)).toBe('2026-12-07');
  });

  it('skips an observed holiday and the turn of the year', () => {
    expect(addWorkDays('2026-07-01', 5)).toBe('2026-07-09');
    expect(addWorkDays('2021-12-22', 5)).toBe('2021-12-30');
    expect(addWorkDays('2021-12-22', 10)).toBe('2022-01-07');
  });

  it('counts from the day after, even when the day itself is a weekend', () => {
    expect(addWorkDays('2026-11-21', 1)).toBe('2026-11-23');
  });

  it('takes another holiday list when given one', () => {
    expect(addWorkDays('2026-11-20', 1, holidaysOf(() => ['2026-11-23']))).toBe('2026-11-24');
  });
});
