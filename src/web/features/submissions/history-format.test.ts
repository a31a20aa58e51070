import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeValue, fieldLabel, historySentence } from './history-format.ts';

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

describe('history sentences', () => {
  it('reads a signature as the signer and its meaning, never the bare action', () => {
    const actor = { id: 'u1', name: 'Dana Reyes', email: 'dana@example.org' };
    const changes = [
      { field: 'kind', before: null, after: 'closure' },
      { field: 'meaning', before: null, after: 'Complaint closed' },
    ];
    expect(historySentence({ actor, action: 'sign', changes })).toBe('Dana Reyes signed electronically, meaning “Complaint closed”');
    expect(historySentence({ actor, action: 'reopen' })).toBe('Dana Reyes reopened the complaint');
  });
});
