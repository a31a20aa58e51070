import { describe, expect, it } from 'vitest';
import { IsoDate } from './common.ts';

describe('IsoDate', () => {
  it('gives the filter its three messages', () => {
    const issue = (v: string) => IsoDate.safeParse(v).error?.issues[0]?.message;
    expect(issue('2024-02-29')).toBeUndefined();
    expect(issue('2023-02-29')).toBe('not a real calendar date');
    expect(issue('2024-2-29')).toBe('dates are written YYYY-MM-DD');
    expect(issue('2201-01-01')).toBe('dates must lie between 1900 and 2200');
  });
});
