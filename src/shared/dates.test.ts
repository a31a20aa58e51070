import { describe, expect, it } from 'vitest';
import { addDays, dateOfDay, dayNumber, daysBetween, isCalendarDate, localDate, utcDate, weekday, weekdayOfDay, yearOfDay } from './dates.ts';

/** What a Date reads back: the text is a day when writing that day as ISO gives the text again. */
const readsBack = (v: string) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const two = (n: number) => String(n).padStart(2, '0');

describe('a calendar date', () => {
  it('is exactly what a Date reads back unchanged, for every month 00–13 and day 00–32 of years around every leap rule', () => {
    const years = [0, 4, 100, 400, 1600, 1700, 1899, 1900, 1901, 1904, 2000, 2023, 2024, 2100, 2200, 2400, 9996, 9999];
    for (let y = 1895; y <= 2205; y++) years.push(y);
    let days = 0;
    const disagreements: string[] = [];
    for (const year of years) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const v = `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
          if (isCalendarDate(v) !== readsBack(v)) disagreements.push(v);
          if (readsBack(v)) days++;
        }
      }
    }
    expect(disagreements).toEqual([]);
    // 311 years of 1895–2205, each 365 or 366 days, besides the named years: the loop did see real days.
    expect(days).toBeGreaterThan(311 * 365);
  });

  it('refuses what is not written YYYY-MM-DD', () => {
    for (const v of ['2024-2-29', '2024-02-29T00:00:00Z', ' 2024-02-29', '2024/02/29', '20240229', '', '2024-02-3a', '٢٠٢٤-٠٢-٢٩']) expect(isCalendarDate(v), v).toBe(false);
  });
});

describe('date arithmetic', () => {
  it('moves a calendar date across month and year ends', () => {
    expect(addDays('2026-12-25', 7)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(weekday('2025-06-15')).toBe(0);
  });

  it('refuses a text that is no calendar date', () => {
    expect(() => addDays('2025-02-30', 1)).toThrow(RangeError);
  });

  it('reads an instant on the UTC calendar or on the local one', () => {
    const late = new Date(Date.UTC(2025, 5, 15, 23, 30));
    expect(utcDate(late)).toBe('2025-06-15');
    expect(localDate(new Date(2025, 0, 2, 0, 5))).toBe('2025-01-02');
  });
});

describe('day numbers', () => {
  it('read and write back every day of years around every leap rule, as a Date counts them', () => {
    const wrong: string[] = [];
    for (const start of [Date.UTC(1895, 0, 1), Date.UTC(1965, 0, 1), Date.UTC(2095, 0, 1)]) {
      for (let ms = start; ms < start + 12 * 366 * 86_400_000; ms += 86_400_000) {
        const at = new Date(ms);
        const date = at.toISOString().slice(0, 10);
        const n = dayNumber(date);
        if (n * 86_400_000 !== ms || dateOfDay(n) !== date || weekdayOfDay(n) !== at.getUTCDay() || yearOfDay(n) !== at.getUTCFullYear()) wrong.push(date);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('write years before 1000 with four digits', () => {
    expect(dateOfDay(dayNumber('0099-03-01') - 1)).toBe('0099-02-28');
    expect(utcDate(new Date('0050-07-04T12:00:00Z'))).toBe('0050-07-04');
  });
});
