import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeValue, fieldLabel } from './history-format.ts';

afterEach(() => vi.unstubAllEnvs());

describe('history values', () => {
  it('names the Arena fields a transfer filled and skipped, "None" when it skipped none', () => {
    expect(fieldLabel('fields')).toBe('Arena fields filled');
    expect(fieldLabel('skipped')).toBe('Arena fields skipped (nothing sent)');
    expect(changeValue('Root Cause, Product', 'skipped')).toBe('Root Cause, Product');
    expect(changeValue('', 'skipped')).toBe('None');
    expect(changeValue(null, 'skipped')).toBe('—');
  });

  it('writes a recorded time like every other time on screen', () => {
    vi.stubEnv('TZ', 'UTC');
    expect(changeValue('2026-11-26T12:53:07.512Z', 'updatedAt')).toBe('2026-11-26 12:53 UTC');
    expect(changeValue('2026-11-26', 'becomeAwareDate')).toBe('2026-11-26');
  });
});
