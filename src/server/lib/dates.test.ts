import { describe, expect, it } from 'vitest';
import { addDaysIso, isoInstant } from './dates.ts';

describe('isoInstant', () => {
  it('writes an instant as ISO 8601 in UTC with milliseconds', () => {
    expect(isoInstant(new Date(Date.UTC(2026, 10, 24, 16, 37, 3)))).toBe('2026-11-24T16:37:03.000Z');
    expect(isoInstant(new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 7)))).toBe('2026-01-01T00:00:00.007Z');
    expect(isoInstant(new Date(Date.UTC(1999, 11, 31, 23, 59, 59, 45)))).toBe('1999-12-31T23:59:59.045Z');
    expect(isoInstant(new Date(Date.UTC(2024, 1, 29, 9, 5, 1, 999)))).toBe('2024-02-29T09:05:01.999Z');
  });

  it('agrees with Date#toISOString across the years, the edges of the range and beyond it', () => {
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const instants = Array.from({ length: 5000 }, () => Math.floor((next() * 2 - 1) * 8.64e15));
    for (const year of [-1, 0, 999, 1000, 9999, 10000, 275760]) instants.push(Date.UTC(year, 0, 1), Date.UTC(year, 11, 31, 23, 59, 59, 999));
    for (const t of instants) {
      const d = new Date(t);
      if (Number.isNaN(d.getTime())) continue;
      expect(isoInstant(d)).toBe(d.toISOString());
    }
  });

  it('refuses an invalid date as Date#toISOString does', () => {
    expect(() => isoInstant(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('addDaysIso', () => {
  it('moves a calendar date across month and year ends', () => {
    expect(addDaysIso('2026-12-25', 7)).toBe('2027-01-01');
    expect(addDaysIso('2024-03-01', -1)).toBe('2024-02-29');
  });
});
