import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountTimeToDate, dateTimeParts, formatDateTime, formatRecordedValue, parseUtc } from './dates.ts';

afterEach(() => vi.unstubAllEnvs());

describe('formatDateTime', () => {
  const winter = '2026-11-23T19:02:09.000Z';
  const summer = '2026-07-01T13:00:00Z';

  it('writes a moment on the given zone’s clock with its short name', () => {
    expect(formatDateTime(winter, { timeZone: 'America/New_York' })).toBe('2026-11-23 14:02 EST');
    expect(formatDateTime(summer, { timeZone: 'America/New_York' })).toBe('2026-07-01 09:00 EDT');
    expect(formatDateTime(winter, { timeZone: 'America/Los_Angeles' })).toBe('2026-11-23 11:02 PST');
    expect(formatDateTime(winter, { timeZone: 'UTC' })).toBe('2026-11-23 19:02 UTC');
  });

  it('moves to the next calendar day where the zone is ahead', () => {
    expect(formatDateTime(winter, { timeZone: 'Asia/Tokyo' })).toBe('2026-11-24 04:02 GMT+9');
    expect(formatDateTime(summer, { timeZone: 'Europe/Berlin' })).toBe('2026-07-01 15:00 GMT+2');
  });

  it('adds seconds when asked (logs)', () => {
    expect(formatDateTime(winter, { timeZone: 'America/Chicago', seconds: true })).toBe('2026-11-23 13:02:09 CST');
  });

  it('uses the viewer’s zone when none is given, following a change of the system zone', () => {
    vi.stubEnv('TZ', 'America/Denver');
    expect(formatDateTime(winter)).toBe('2026-11-23 12:02 MST');
    vi.stubEnv('TZ', 'UTC');
    expect(formatDateTime(winter)).toBe('2026-11-23 19:02 UTC');
  });

  it('reads a server time without a zone designator as UTC', () => {
    expect(formatDateTime('2025-03-04 05:06:07', { timeZone: 'UTC', seconds: true })).toBe('2025-03-04 05:06:07 UTC');
    expect(parseUtc('2025-03-04 05:06:07').toISOString()).toBe('2025-03-04T05:06:07.000Z');
  });

  it('accepts a Date and shows unreadable text as it came', () => {
    expect(formatDateTime(new Date(winter), { timeZone: 'UTC' })).toBe('2026-11-23 19:02 UTC');
    expect(formatDateTime('not a time', { timeZone: 'UTC' })).toBe('not a time');
    expect(dateTimeParts('not a time')).toBeNull();
  });

  it('gives the parts separately for two-line cells', () => {
    expect(dateTimeParts(winter, { timeZone: 'America/New_York' })).toEqual({ date: '2026-11-23', time: '14:02', zone: 'EST' });
  });
});

describe('accountTimeToDate', () => {
  it('reads JotForm’s wall-clock text in the account’s zone, DST included', () => {
    expect(accountTimeToDate('2026-11-23 14:02:09', 'America/New_York')?.toISOString()).toBe('2026-11-23T19:02:09.000Z');
    expect(accountTimeToDate('2026-07-01 09:00:00', 'America/New_York')?.toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(accountTimeToDate('yesterday', 'America/New_York')).toBeNull();
  });
});

describe('formatRecordedValue', () => {
  it('writes a recorded instant in the one format, and leaves dates and other text as they are', () => {
    vi.stubEnv('TZ', 'Europe/Berlin');
    expect(formatRecordedValue('2026-11-26T12:53:07.512Z')).toBe('2026-11-26 13:53 GMT+1');
    expect(formatRecordedValue('2026-11-26T12:53:07+00:00')).toBe('2026-11-26 13:53 GMT+1');
    expect(formatRecordedValue('2026-11-26')).toBe('2026-11-26');
    expect(formatRecordedValue('Pending Review')).toBe('Pending Review');
    expect(formatRecordedValue('Called on 2026-11-26T12:53:07Z')).toBe('Called on 2026-11-26T12:53:07Z');
  });
});
