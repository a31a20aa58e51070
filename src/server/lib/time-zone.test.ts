import { describe, expect, it } from 'vitest';
import { fixedClock } from './clock.ts';
import { todayOn, zonedDate, zonedTimeToUtc } from './time-zone.ts';

const NY = 'America/New_York';
const iso = (local: string, zone = NY) => zonedTimeToUtc(local, zone)?.toISOString() ?? null;

describe('zonedTimeToUtc: JotForm account time (US-Eastern) to an instant', () => {
  it('reads standard time as UTC−5 and daylight time as UTC−4', () => {
    expect(iso('2024-01-15 09:00:00')).toBe('2024-01-15T14:00:00.000Z');
    expect(iso('2024-07-01 09:00:00')).toBe('2024-07-01T13:00:00.000Z');
  });

  it('moves a late-evening Eastern time to the next UTC day, across a year end too', () => {
    expect(iso('2024-06-30 23:30:00')).toBe('2024-07-01T03:30:00.000Z');
    expect(iso('2024-12-31 23:59:59')).toBe('2025-01-01T04:59:59.000Z');
    expect(iso('2024-01-01 00:00:00')).toBe('2024-01-01T05:00:00.000Z');
  });

  it('is exact on both sides of the spring-forward change (2024-03-10, 02:00 EST → 03:00 EDT)', () => {
    expect(iso('2024-03-10 00:00:00')).toBe('2024-03-10T05:00:00.000Z');
    expect(iso('2024-03-10 01:59:59')).toBe('2024-03-10T06:59:59.000Z');
    expect(iso('2024-03-10 03:00:00')).toBe('2024-03-10T07:00:00.000Z');
    expect(iso('2024-03-10 04:00:00')).toBe('2024-03-10T08:00:00.000Z');
    expect(iso('2024-03-10 23:00:00')).toBe('2024-03-11T03:00:00.000Z');
  });

  it('reads a wall time inside the spring-forward gap with the offset before the change (02:30 → 03:30 EDT)', () => {
    expect(iso('2024-03-10 02:30:00')).toBe('2024-03-10T07:30:00.000Z');
    expect(iso('2024-03-10 02:00:00')).toBe('2024-03-10T07:00:00.000Z');
  });

  it('is exact on both sides of the fall-back change (2024-11-03, 02:00 EDT → 01:00 EST)', () => {
    expect(iso('2024-11-03 00:59:59')).toBe('2024-11-03T04:59:59.000Z');
    expect(iso('2024-11-03 02:00:00')).toBe('2024-11-03T07:00:00.000Z');
    expect(iso('2024-11-03 05:00:00')).toBe('2024-11-03T10:00:00.000Z');
  });

  it('reads the repeated hour of the fall-back change as its first occurrence (EDT)', () => {
    expect(iso('2024-11-03 01:00:00')).toBe('2024-11-03T05:00:00.000Z');
    expect(iso('2024-11-03 01:30:00')).toBe('2024-11-03T05:30:00.000Z');
    expect(iso('2024-11-03 01:59:59')).toBe('2024-11-03T05:59:59.000Z');
  });

  it('disambiguates the same way in zones east of UTC (JOTFORM_TIMEZONE is configurable)', () => {
    const berlin = 'Europe/Berlin';
    // Gap: 2024-03-31 02:00 CET → 03:00 CEST; 02:30 is read as 03:30 CEST.
    expect(iso('2024-03-31 02:30:00', berlin)).toBe('2024-03-31T01:30:00.000Z');
    expect(iso('2024-03-31 01:59:59', berlin)).toBe('2024-03-31T00:59:59.000Z');
    // Overlap: 2024-10-27 03:00 CEST → 02:00 CET; 02:30 happens twice, the first (CEST) is taken.
    expect(iso('2024-10-27 02:30:00', berlin)).toBe('2024-10-27T00:30:00.000Z');
    expect(iso('2024-10-27 01:30:00', berlin)).toBe('2024-10-26T23:30:00.000Z');
    expect(iso('2024-10-27 03:30:00', berlin)).toBe('2024-10-27T02:30:00.000Z');
    expect(iso('2024-06-01 12:00:00', 'Asia/Kolkata')).toBe('2024-06-01T06:30:00.000Z');
    expect(iso('2024-06-01 12:00:00', 'UTC')).toBe('2024-06-01T12:00:00.000Z');
  });

  it('round-trips every existing wall time of the change days through zonedDate', () => {
    for (const day of ['2024-03-10', '2024-11-03']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
        const mm = String(minutes % 60).padStart(2, '0');
        const instant = zonedTimeToUtc(`${day} ${hh}:${mm}:00`, NY);
        expect(instant).not.toBeNull();
        expect(zonedDate(instant!, NY)).toBe(day);
      }
    }
  });

  it('accepts a T separator and a missing seconds part, and trims', () => {
    expect(iso('2024-07-01T09:00:00')).toBe('2024-07-01T13:00:00.000Z');
    expect(iso('2024-07-01 09:00')).toBe('2024-07-01T13:00:00.000Z');
    expect(iso('  2024-07-01 09:00:00 ')).toBe('2024-07-01T13:00:00.000Z');
  });

  it('is null for anything that is not a wall-clock time', () => {
    for (const bad of ['', '2024-07-01', 'yesterday', '2024-7-1 09:00:00', '2024-07-01 09:00:00Z', '2024-07-01 9:00:00']) {
      expect(zonedTimeToUtc(bad, NY), bad).toBeNull();
    }
  });

  it('is null for impossible dates and times instead of rolling them over', () => {
    for (const bad of ['2024-02-30 10:00:00', '2023-02-29 10:00:00', '2024-13-01 10:00:00', '2024-00-10 10:00:00', '2024-06-31 10:00:00', '2024-06-01 24:00:00', '2024-06-01 12:60:00', '2024-06-01 12:00:60']) {
      expect(zonedTimeToUtc(bad, NY), bad).toBeNull();
    }
    expect(iso('2024-02-29 10:00:00')).toBe('2024-02-29T15:00:00.000Z');
  });
});

describe('zonedDate: the calendar date on the zone’s wall clock', () => {
  it('is the Eastern date, which lags the UTC date in the evening', () => {
    expect(zonedDate(new Date('2024-07-01T03:30:00Z'), NY)).toBe('2024-06-30');
    expect(zonedDate(new Date('2024-07-01T04:00:00Z'), NY)).toBe('2024-07-01');
    expect(zonedDate(new Date('2024-01-01T04:59:59Z'), NY)).toBe('2023-12-31');
    expect(zonedDate(new Date('2024-01-01T05:00:00Z'), NY)).toBe('2024-01-01');
  });

  it('handles midnight (never "24") and other zones', () => {
    expect(zonedDate(new Date('2024-07-01T04:00:00Z'), NY)).toBe('2024-07-01');
    expect(zonedDate(new Date('2024-07-01T22:30:00Z'), 'Asia/Kolkata')).toBe('2024-07-02');
  });

  it('is the UTC date shifted by the offset in zones without daylight time, every half hour of two years', () => {
    const zones = [['UTC', 0], ['Etc/GMT+5', -5 * 60], ['Asia/Kolkata', 5 * 60 + 30], ['Pacific/Kiritimati', 14 * 60], ['Pacific/Pago_Pago', -11 * 60]] as const;
    for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2025, 0, 1); t += 30 * 60_000) {
      for (const [zone, offsetMinutes] of zones) {
        expect(zonedDate(new Date(t), zone), `${new Date(t).toISOString()} ${zone}`).toBe(new Date(t + offsetMinutes * 60_000).toISOString().slice(0, 10));
      }
    }
  });
});

describe('todayOn: today on the zone’s calendar by the clock', () => {
  /** Reads today at each instant in turn, on one clock that moves. */
  const readings = (zone: string, instants: string[]) => {
    const clock = fixedClock(instants[0]!);
    return instants.map((at) => {
      clock.set(at);
      return todayOn(clock, zone);
    });
  };

  it('turns at the zone’s midnight, also when it falls on a quarter hour of UTC', () => {
    expect(readings(NY, ['2024-07-01T03:59:59.999Z', '2024-07-01T04:00:00Z'])).toEqual(['2024-06-30', '2024-07-01']);
    // UTC+5:45: midnight is 18:15 UTC.
    expect(readings('Asia/Kathmandu', ['2024-07-01T18:14:59.999Z', '2024-07-01T18:15:00Z'])).toEqual(['2024-07-01', '2024-07-02']);
  });

  it('follows a clock that is set back or jumps by days', () => {
    expect(readings(NY, ['2024-03-10T12:00:00Z', '2024-03-01T12:00:30Z', '2025-04-05T12:00:30Z'])).toEqual(['2024-03-10', '2024-03-01', '2025-04-05']);
  });
});
