import fc from 'fast-check';
import type { z } from 'zod';

/** Bad values for a JSON field: wrong types, text PostgreSQL cannot store, huge, negative, hostile. */
export const BAD_JSON_VALUES: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '',
  '   ',
  'A'.repeat(100_000),
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  true,
  null,
  [],
  ['\u0000'],
  {},
  { nested: { deeper: '\u0000' } },
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '=HYPERLINK("http://x")',
  '0000-01-01',
  '9999-12-31',
  '2025-02-30',
  '\u202e\u0661\u0662',
  '😀',
];

/** Bad path or query values, already percent-encoded as a client would put them in a URL. */
export const BAD_URL_VALUES: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%80',
  '%',
  '%zz',
  '..%2F..%2Fetc%2Fpasswd',
  '9'.repeat(5000),
  '-1',
  '1e309',
  '%27%20OR%201%3D1--',
  '%3Cscript%3E',
  '__proto__',
  'constructor',
  '0000-01-01',
  '9999-12-31',
  '%EF%BF%BF',
  '%20',
];

/** Whole bodies of every wrong shape, each with the content type it claims. */
export const MALFORMED_BODIES: readonly { type: string | null; body: string }[] = [
  { type: 'application/json', body: '{' },
  { type: 'application/json', body: '{"a":' },
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: '"text"' },
  { type: 'application/json', body: '123' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '{"__proto__":{"polluted":true}}' },
  { type: 'application/json', body: '{"constructor":{"prototype":{"polluted":true}}}' },
  { type: 'application/json', body: `${'['.repeat(3000)}${']'.repeat(3000)}` },
  { type: 'application/json', body: '{"a":"\\u0000"}' },
  { type: 'application/json', body: '\u0000' },
  { type: 'application/json; charset=utf-16', body: '{}' },
  { type: 'multipart/form-data; boundary=X', body: '--X\r\nbroken' },
  { type: 'multipart/form-data', body: 'no boundary' },
  { type: 'multipart/form-data; boundary=X', body: '--X\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n\u0000\r\n--X--\r\n' },
  { type: 'application/x-www-form-urlencoded', body: 'a=%zz&b&=&%00=1' },
  { type: 'application/x-www-form-urlencoded', body: '__proto__[polluted]=1' },
  { type: 'text/plain', body: 'hello' },
  { type: 'application/xml', body: '<a/>' },
  { type: null, body: 'x' },
];

/** Random JSON values and strings from fast-check, fixed by the seed so a failure can be rerun. */
export function randomValues(seed: number, count: number): unknown[] {
  return [
    ...fc.sample(fc.jsonValue({ maxDepth: 3 }), { seed, numRuns: count }),
    ...fc.sample(fc.string({ unit: 'binary', maxLength: 40 }), { seed: seed + 1, numRuns: count }),
  ];
}

/** The field names of an object schema, through optional, nullable, default and pipe wrappers. */
export function objectKeys(schema: z.ZodType | undefined): string[] | null {
  let s = schema as unknown as { shape?: Record<string, unknown>; def?: { innerType?: unknown; in?: unknown } } | undefined;
  for (let depth = 0; s && depth < 10; depth++) {
    if (s.shape) return Object.keys(s.shape);
    s = (s.def?.innerType ?? s.def?.in) as typeof s;
  }
  return null;
}
