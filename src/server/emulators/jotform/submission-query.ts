import { badRequest } from './envelope.ts';
import type { EmuSubmission } from './types.ts';

/*
 * `filter` and `orderby` of GET /form/{id}/submissions (JotForm API documentation, "Get Form Submissions"). The emulator is strict
 * where JotForm is vague: an unknown field or operator is a 400, so a client bug shows up in
 * tests instead of silently matching everything.
 */

type Field = 'id' | 'form_id' | 'ip' | 'created_at' | 'updated_at' | 'status' | 'new' | 'flag';
const FIELDS: Record<string, Field> = {
  id: 'id',
  form_id: 'form_id',
  ip: 'ip',
  IP: 'ip',
  created_at: 'created_at',
  updated_at: 'updated_at',
  status: 'status',
  new: 'new',
  flag: 'flag',
};
const NUMERIC = new Set<Field>(['id', 'form_id', 'new', 'flag']);

function compare(field: Field, a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (NUMERIC.has(field) && /^\d+$/.test(a) && /^\d+$/.test(b)) {
    const x = BigInt(a);
    const y = BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

type Predicate = (s: EmuSubmission) => boolean;

function condition(key: string, expected: unknown): Predicate {
  if (key === 'fullText') {
    const needle = String(expected).toLowerCase();
    return (s) => JSON.stringify(s.answers).toLowerCase().includes(needle);
  }
  const [name = '', op = 'eq', ...rest] = key.split(':');
  const field = FIELDS[name];
  if (!field || rest.length > 0) throw badRequest(`Unsupported filter field "${key}"`);
  const values = (Array.isArray(expected) ? expected : [expected]).map(String);
  const value = values[0] ?? '';
  switch (op) {
    case 'eq':
      return (s) => values.includes(s[field] ?? '');
    case 'ne':
      return (s) => !values.includes(s[field] ?? '');
    case 'gt':
      return (s) => s[field] !== null && compare(field, s[field], value) > 0;
    case 'lt':
      return (s) => s[field] !== null && compare(field, s[field], value) < 0;
    case 'matches':
      return (s) => (s[field] ?? '').toLowerCase().includes(value.toLowerCase());
    default:
      throw badRequest(`Unsupported filter operator "${op}" in "${key}"`);
  }
}

/**
 * The filter query parameter (URL-encoded JSON object) as one predicate. `ignored` fields are
 * dropped silently, as an API that does not support a filter may do (JotForm's documentation shows the
 * comparison filters for created_at only).
 */
export function parseFilter(text: string | undefined, ignored: readonly string[] = []): Predicate {
  if (!text) return () => true;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('filter is not valid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('filter must be a JSON object');
  const predicates = Object.entries(parsed)
    .filter(([k]) => !ignored.includes(k.split(':')[0] ?? ''))
    .map(([k, v]) => condition(k, v));
  return (s) => predicates.every((p) => p(s));
}

export interface Ordering {
  field: Field;
  direction: 'ASC' | 'DESC';
  /** As echoed in resultSet.orderby. */
  label: string;
}

/** JotForm lists newest first unless told otherwise; older SDKs send `orderby=created_at,ASC`. */
export function parseOrdering(orderby: string | undefined, direction: string | undefined): Ordering {
  const [name = 'created_at', inlineDir] = (orderby || 'created_at').split(',');
  const field = FIELDS[name.trim()];
  if (!field) throw badRequest(`Unsupported orderby "${name}"`);
  const dir = (direction || inlineDir || 'DESC').trim().toUpperCase();
  if (dir !== 'ASC' && dir !== 'DESC') throw badRequest(`Unsupported direction "${dir}"`);
  return { field, direction: dir, label: name.trim() };
}

export function sortSubmissions(list: EmuSubmission[], o: Ordering): EmuSubmission[] {
  const sign = o.direction === 'ASC' ? 1 : -1;
  // Ties break on id in the same direction so pages never overlap.
  return [...list].sort((a, b) => sign * (compare(o.field, a[o.field], b[o.field]) || compare('id', a.id, b.id)));
}
