import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256 } from './canonical.ts';

describe('canonical snapshot', () => {
  it('sorts keys at every depth and drops undefined members, so equal content is equal text', () => {
    const a = canonicalJson({ b: 1, a: { d: [2, { z: null, y: 'é' }], c: undefined } });
    const b = canonicalJson({ a: { d: [2, { y: 'é', z: null }] }, b: 1 });
    expect(a).toBe('{"a":{"d":[2,{"y":"é","z":null}]},"b":1}');
    expect(b).toBe(a);
    expect(canonicalJson({ at: new Date('2025-06-15T16:00:00Z') })).toBe('{"at":"2025-06-15T16:00:00.000Z"}');
  });
  it('hashes with SHA-256 (hex)', () => {
    // The SHA-256 of "abc" (FIPS 180-2, appendix B.1).
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
