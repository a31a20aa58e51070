import { describe, expect, it } from 'vitest';
import { printedMoment } from './moment.ts';

describe('a moment in the complaint file', () => {
  it('is the date and time on the given clock with its zone', () => {
    expect(printedMoment('2025-06-15T16:00:00.000Z', 'America/New_York')).toBe('2025-06-15 12:00 EDT');
    expect(printedMoment('2025-01-15T23:30:00.000Z', 'Europe/Berlin')).toBe('2025-01-16 00:30 GMT+1');
  });
});
