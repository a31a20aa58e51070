import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, useSettling } from './use-settling.ts';

describe('useSettling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is false at first, true for a moment after the value changes, then false again', () => {
    const { result, rerender } = renderHook(({ value }) => useSettling(value), { initialProps: { value: 'Pending Review' } });
    expect(result.current).toBe(false);
    rerender({ value: 'Pending Transfer' });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(SETTLE_MS - 1));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
    rerender({ value: 'Pending Transfer' });
    expect(result.current).toBe(false);
  });
});
