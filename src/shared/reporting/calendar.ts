/** US federal holidays and work-day arithmetic, on calendar dates (../dates.ts). */
import { addDays, calendarDate, dateOfDay, dayNumber, weekday, weekdayOfDay, yearOfDay } from '../dates.ts';

/** The n-th given weekday of a month (n = -1: the last one). */
function nthWeekday(year: number, month: number, wd: number, n: number): string {
  if (n > 0) {
    const first = weekday(calendarDate(year, month, 1));
    return calendarDate(year, month, 1 + ((wd - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDate = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = weekday(calendarDate(year, month, lastDate));
  return calendarDate(year, month, lastDate - ((last - wd + 7) % 7));
}

/** A fixed-date holiday falling on a weekend is observed on the Friday before or the Monday after (5 U.S.C. 6103(b)). */
function observed(date: string): string {
  const wd = weekday(date);
  return wd === 6 ? addDays(date, -1) : wd === 0 ? addDays(date, 1) : date;
}

/**
 * The US federal holidays of a year as observed (5 U.S.C. 6103): New Year's Day, Martin Luther
 * King Jr. Day, Washington's Birthday, Memorial Day, Juneteenth (from 2021), Independence Day,
 * Labor Day, Columbus Day, Veterans Day, Thanksgiving Day and Christmas Day. New Year's Day of the
 * next year on a Saturday is observed on December 31 of this one.
 */
export function usFederalHolidays(year: number): string[] {
  const days = [
    observed(calendarDate(year, 1, 1)),
    nthWeekday(year, 1, 1, 3),
    nthWeekday(year, 2, 1, 3),
    nthWeekday(year, 5, 1, -1),
    ...(year >= 2021 ? [observed(calendarDate(year, 6, 19))] : []),
    observed(calendarDate(year, 7, 4)),
    nthWeekday(year, 9, 1, 1),
    nthWeekday(year, 10, 1, 2),
    observed(calendarDate(year, 11, 11)),
    nthWeekday(year, 11, 4, 4),
    observed(calendarDate(year, 12, 25)),
  ];
  if (weekday(calendarDate(year + 1, 1, 1)) === 6) days.push(calendarDate(year, 12, 31));
  return days.filter((d) => d.startsWith(`${year}-`)).sort();
}

/**
 * The holidays work days skip: each year's dates, and whether a day is one. `has` reads each
 * year's list once, on first use, as a set of day numbers: a work-day count tests every day it passes.
 */
export interface Holidays {
  /** A year's holidays, YYYY-MM-DD. */
  of(year: number): readonly string[];
  /** Whether a day (its day number, ../dates.ts) is a holiday. */
  has(day: number): boolean;
}

/** The Holidays of a list per year. */
export function holidaysOf(listOf: (year: number) => readonly string[]): Holidays {
  const days = new Map<number, ReadonlySet<number>>();
  return {
    of: listOf,
    has(day) {
      const year = yearOfDay(day);
      let set = days.get(year);
      if (!set) days.set(year, (set = new Set(listOf(year).map(dayNumber))));
      return set.has(day);
    },
  };
}

/** The US federal holidays of every year. */
export const US_FEDERAL_HOLIDAYS: Holidays = holidaysOf(usFederalHolidays);

/** Whether a day number is a work day: not a Saturday, a Sunday or one of `holidays`. */
function isWorkDay(day: number, holidays: Holidays): boolean {
  const wd = weekdayOfDay(day);
  return wd !== 0 && wd !== 6 && !holidays.has(day);
}

/**
 * `days` work days after the day number `day` (the day itself is not counted: "within 5 work days
 * after the day on which you become aware", 21 CFR 803.53). Weekends and `holidays` are skipped.
 */
export function addWorkDayNumbers(day: number, days: number, holidays: Holidays = US_FEDERAL_HOLIDAYS): number {
  let d = day;
  for (let left = days; left > 0; ) if (isWorkDay(++d, holidays)) left--;
  return d;
}

/** `addWorkDayNumbers` on dates (YYYY-MM-DD). */
export function addWorkDays(date: string, days: number, holidays: Holidays = US_FEDERAL_HOLIDAYS): string {
  return dateOfDay(addWorkDayNumbers(dayNumber(date), days, holidays));
}
