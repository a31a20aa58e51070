import { describe, expect, it } from 'vitest';
import { formatJotformDate, formatJotformDateTime, parseJotformDateTime } from './jotform-time.ts';

describe('JotForm timestamps (account wall time, US-Eastern by default)', () => {
  it('writes instants in Eastern time, standard and daylight', () => {
    expect(formatJotformDateTime(new Date('2025-01-15T17:04:05Z'))).toBe('2025-01-15 12:04:05');
    expect(formatJotformDateTime(new Date('2025-07-01T13:00:00Z'))).toBe('2025-07-01 09:00:00');
    expect(formatJotformDateTime(new Date('2025-07-02T03:30:00Z'))).toBe('2025-07-01 23:30:00');
    expect(formatJotformDate(new Date('2025-07-02T03:30:00Z'))).toBe('2025-07-01');
  });

  it('reads them back to the same instant, around DST changes too', () => {
    for (const iso of ['2025-01-15T17:04:05Z', '2025-03-09T06:59:59Z', '2025-03-09T07:00:00Z', '2025-11-02T05:30:00Z', '2025-11-02T07:00:00Z']) {
      const d = new Date(iso);
      expect(parseJotformDateTime(formatJotformDateTime(d))?.toISOString()).toBe(d.toISOString());
    }
    // 01:30 happens twice when clocks fall back; a zone-less timestamp cannot say which.
    expect(formatJotformDateTime(new Date('2025-11-02T06:30:00Z'))).toBe('2025-11-02 01:30:00');
    expect(parseJotformDateTime('2025-11-02 01:30:00')?.toISOString()).toBe('2025-11-02T05:30:00.000Z');
    expect(parseJotformDateTime('2024-04-16')?.toISOString()).toBe('2024-04-16T04:00:00.000Z');
  });

  it("reads and writes another account's zone when given", () => {
    expect(formatJotformDateTime(new Date('2025-07-01T22:30:00Z'), 'Asia/Tokyo')).toBe('2025-07-02 07:30:00');
    expect(formatJotformDate(new Date('2025-07-01T22:30:00Z'), 'Asia/Tokyo')).toBe('2025-07-02');
    expect(parseJotformDateTime('2025-07-02 07:30:00', 'Asia/Tokyo')?.toISOString()).toBe('2025-07-01T22:30:00.000Z');
  });

  it('returns null for empty, zero and malformed values', () => {
    for (const v of [null, undefined, '', '0000-00-00 00:00:00', '16-04-2024', 'yesterday']) expect(parseJotformDateTime(v)).toBeNull();
  });
});
