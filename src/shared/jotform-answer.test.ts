import { describe, expect, it } from 'vitest';
import { jotformDateText, parseJotformDate } from './jotform-answer.ts';

const dateOf = (value: unknown) => parseJotformDate(value)?.date ?? null;

describe('parseJotformDate: the one reading of a JotForm date answer', () => {
  it('reads the parts JotForm sends for a date question, the month as a number or a name', () => {
    expect(dateOf({ month: '04', day: '16', year: '2024', datetime: '2024-04-16 00:00:00' })).toBe('2024-04-16');
    expect(dateOf({ month: '4', day: '6', year: '2024' })).toBe('2024-04-06');
    expect(dateOf({ month: 4, day: 6, year: 2024 })).toBe('2024-04-06');
    expect(dateOf({ month: 'April', day: '16', year: '2024' })).toBe('2024-04-16');
    expect(dateOf({ month: 'sep', day: '1', year: '2024' })).toBe('2024-09-01');
    expect(dateOf({ datetime: '2024-04-16 10:30:00' })).toBe('2024-04-16');
  });

  it('reads texts: YYYY-MM-DD with or without a time, MM-DD-YYYY and MM/DD/YYYY (a prettyFormat)', () => {
    for (const text of ['04-16-2024', '4/16/2024', '2024-04-16', ' 2024-04-16 13:45:00 ', '2024-04-16T08:00:00Z', '04-16-2024 10:30 AM', '2024/04/16']) {
      expect(parseJotformDate(text), text).toEqual({ date: '2024-04-16', time: null });
    }
  });

  it('reads the time of day from the parts, 24-hour, when the question asked for one', () => {
    expect(parseJotformDate({ month: '11', day: '26', year: '2026', hour: '01', min: '53', ampm: 'PM' })).toEqual({ date: '2026-11-26', time: '13:53' });
    expect(parseJotformDate({ month: '11', day: '26', year: '2026', hour: '12', min: '05', ampm: 'AM' })).toEqual({ date: '2026-11-26', time: '00:05' });
    expect(parseJotformDate({ month: '11', day: '26', year: '2026', hour: '12', min: '05', ampm: 'PM' })).toEqual({ date: '2026-11-26', time: '12:05' });
    expect(parseJotformDate({ month: '11', day: '26', year: '2026', hour: '17', min: '30' })).toEqual({ date: '2026-11-26', time: '17:30' });
    expect(parseJotformDate({ month: '11', day: '26', year: '2026', hour: '9' })).toEqual({ date: '2026-11-26', time: '09:00' });
    // A time that is no time leaves the date.
    expect(parseJotformDate({ month: '11', day: '26', year: '2026', hour: '25', min: '00' })).toEqual({ date: '2026-11-26', time: null });
    expect(parseJotformDate({ month: '11', day: '26', year: '2026', hour: '10', min: '75' })).toEqual({ date: '2026-11-26', time: null });
    expect(parseJotformDate({ month: '11', day: '26', year: '2026', hour: '', min: '' })).toEqual({ date: '2026-11-26', time: null });
  });

  it('is null for what holds no real date', () => {
    const bad: unknown[] = [
      undefined, null, 0, '', '   ', 'soon', '16.04.2024', '02-30-2024', '13-01-2024', '2023-02-29', '2024-04-16 garbage', '0999-01-01', '24-04-16',
      ['2024-04-16'], {}, { month: '', day: '', year: '' }, { month: '04', day: '16' }, { month: '02', day: '30', year: '2024' },
      { month: 'Smarch', day: '1', year: '2024' }, { month: '1', day: '1', year: '24' }, { month: '1', day: 'x', year: '2024' }, { datetime: '' },
    ];
    for (const value of bad) expect(parseJotformDate(value), JSON.stringify(value)).toBeNull();
    expect(dateOf('02-29-2024')).toBe('2024-02-29');
  });
});

describe('jotformDateText', () => {
  it('writes the date year first, with its 24-hour time when it has one', () => {
    expect(jotformDateText({ month: '11', day: '26', year: '2026', datetime: '2026-11-26 00:00:00' })).toBe('2026-11-26');
    expect(jotformDateText({ month: '3', day: '4', year: '2026' })).toBe('2026-03-04');
    expect(jotformDateText({ month: '11', day: '26', year: '2026', hour: '01', min: '53', ampm: 'PM' })).toBe('2026-11-26 13:53');
    expect(jotformDateText('11-26-2026')).toBe('2026-11-26');
    expect(jotformDateText({ month: '02', day: '30', year: '2026' })).toBeNull();
    expect(jotformDateText(null)).toBeNull();
  });
});
