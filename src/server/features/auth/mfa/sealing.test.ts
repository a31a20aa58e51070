import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SealBroken, createMfaSeal, unkeyedRecoveryHash } from './sealing.ts';

const KEY = 'k'.repeat(40);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('sealing the second factor with the MFA key', () => {
  it('a seed is stored encrypted, differently each time, and opens for its own user only', () => {
    const seal = createMfaSeal(KEY);
    const a = seal.seal('user-1', SECRET);
    const b = seal.seal('user-1', SECRET);
    expect(a).toMatch(/^s1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain(SECRET);
    expect(a).not.toBe(b);
    expect(seal.open('user-1', a)).toBe(SECRET);
    // Copied onto another account's row, it does not open.
    expect(() => seal.open('user-2', a)).toThrow(SealBroken);
  });

  it('another key cannot open it, and says what to do', () => {
    const stored = createMfaSeal(KEY).seal('user-1', SECRET);
    expect(() => createMfaSeal('z'.repeat(40)).open('user-1', stored)).toThrow(/cannot be opened with this portal's MFA key.*admin:reset-mfa/);
  });

  it('a seed stored in the clear by an earlier release reads as it is, until it is sealed', () => {
    const seal = createMfaSeal(KEY);
    expect(seal.isSealed(SECRET)).toBe(false);
    expect(seal.open('user-1', SECRET)).toBe(SECRET);
  });

  it('recovery codes are keyed hashes: another key gives another hash, and an unkeyed one of an earlier release rehashes to the same', () => {
    const seal = createMfaSeal(KEY);
    const code = 'abcde-fgh23';
    // What an earlier release stored: the plain SHA-256 of the code without its dash.
    const earlier = createHash('sha256').update('abcdefgh23').digest('hex');
    expect(unkeyedRecoveryHash(code)).toBe(earlier);
    expect(seal.recoveryHash(code)).toMatch(/^k1\./);
    expect(seal.recoveryHash(code)).not.toContain(earlier);
    expect(seal.recoveryHash('ABCDEFGH23')).toBe(seal.recoveryHash(code));
    expect(createMfaSeal('z'.repeat(40)).recoveryHash(code)).not.toBe(seal.recoveryHash(code));
    expect(seal.rekeyed(earlier)).toBe(seal.recoveryHash(code));
    expect(seal.rekeyed(seal.recoveryHash(code))).toBe(seal.recoveryHash(code));
  });
});
