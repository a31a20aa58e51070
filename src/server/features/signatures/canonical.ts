import { createHash } from 'node:crypto';

/**
 * A value as canonical JSON: object keys sorted by code unit, no whitespace, `undefined` members
 * left out, dates as ISO instants. The same content always gives the same text, so its SHA-256
 * links a signature to exactly what was signed (docs/features/signatures.md).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('a snapshot holds only finite numbers');
  return JSON.stringify(value);
}

/** SHA-256 of the text, in hex. */
export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
