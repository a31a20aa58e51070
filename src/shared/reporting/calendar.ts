/** US federal holidays and work-day arithmetic, on calendar dates (../dates.ts). */
import { addDays, utcDate, utcMidnight, weekday } from '../dates.ts';

function ymd(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The n-th given weekday of a month (n = -1: the last one). */
function nthWeekday(year: number, month: number, wd: number, n: number): string {
  if (n > 0) {
    const first = weekday(ymd(year, month, 1));
    return ymd(year, month, 1 + ((wd - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDate = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = weekday(ymd(year, month, lastDate));
  return ymd(year, month, lastDate - ((last - wd + 7) % 7));
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
    observed(ymd(year, 1, 1)),
    nthWeekday(year, 1, 1, 3),
    nthWeekday(year, 2, 1, 3),
    nthWeekday(year, 5, 1, -1),
    ...(year >= 2021 ? [observed(ymd(year, 6, 19))] : []),
    observed(ymd(year, 7, 4)),
    nthWeekday(year, 9, 1, 1),
    nthWeekday(year, 10, 1, 2),
    observed(ymd(year, 11, 11)),
    nthWeekday(year, 11, 4, 4),
    observed(ymd(year, 12, 25)),
  ];
  if (weekday(ymd(year + 1, 1, 1)) === 6) days.push(ymd(year, 12, 31));
  return days.filter((d) => d.startsWith(`${year}-`)).sort();
}

export type Holidays = (year: number) => readonly string[];

/**
 * `days` US federal work days after `date` (the day itself is not counted: "within 5 work days
 * after the day on which you become aware", 21 CFR 803.53). Weekends and `holidays` are skipped.
 */
export function addWorkDays(date: string, days: number, holidays: Holidays = usFederalHolidays): string {
  const day = utcMidnight(date);
  const holidaysOf = new Map<number, Set<string>>();
  const isHoliday = (d: string) => {
    const year = Number(d.slice(0, 4));
    let set = holidaysOf.get(year);
    if (!set) holidaysOf.set(year, (set = new Set(holidays(year))));
    return set.has(d);
  };
  for (let left = days; left > 0; ) {
    day.setUTCDate(day.getUTCDate() + 1);
    const wd = day.getUTCDay();
    if (wd !== 0 && wd !== 6 && !isHoliday(utcDate(day))) left--;
  }
  return utcDate(day);
}
