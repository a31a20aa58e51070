import { describe, expect, it } from 'vitest';
import { median } from './load.ts';

describe("the bench's median", () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([0.9, 1.7, 1.2])).toBe(1.2);
  });
  it('is the mean of the two middle values of an even count, not the lower one', () => {
    expect(median([0.86, 1.0, 0.8, 0.96])).toBeCloseTo(0.91, 10);
  });
  it('is NaN for no values, and leaves its input as it was', () => {
    expect(median([])).toBeNaN();
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});
