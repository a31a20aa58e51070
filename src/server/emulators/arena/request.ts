/** Small readers the emulator's routes share: GUID look-ups, query values and request dates. */
import type { Clock } from '../../lib/clock.ts';
import { GUID_PATTERN, badPaging, emptyGuid, fail, invalidGuid } from './failures.ts';
import type { ArenaEmulatorState, EmulatedProcess, EmulatedStep } from './state.ts';
import type { ArenaEmulatorVariant } from './variants.ts';

export interface EmulatorContext {
  state: ArenaEmulatorState;
  clock: Clock;
  variant: ArenaEmulatorVariant;
  credentials: { email: string; password: string; workspaceId: number };
}

export type Query = Record<string, string | string[] | undefined>;

export function findProcess(state: ArenaEmulatorState, guid: unknown): EmulatedProcess {
  if (guid === undefined || guid === null || guid === '') throw emptyGuid();
  const process = typeof guid === 'string' && GUID_PATTERN.test(guid) ? state.processes.get(guid) : undefined;
  if (!process) throw invalidGuid(guid);
  return process;
}

export function findStep(process: EmulatedProcess, guid: unknown): EmulatedStep {
  if (guid === undefined || guid === null || guid === '') throw emptyGuid();
  const step = process.steps.find((s) => s.guid === guid);
  if (!step) throw invalidGuid(guid);
  return step;
}

/** A JSON object body, or a 400 like Arena's for anything else. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw fail(400, 400, 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** A nested `{ "guid": … }` reference, or undefined when the key is absent. */
export function guidRef(value: unknown): unknown {
  if (value === undefined || value === null) return value;
  return typeof value === 'object' ? (value as { guid?: unknown }).guid : value;
}

export function queryValue(query: Query, key: string): string | undefined {
  const v = query[key];
  return Array.isArray(v) ? v[v.length - 1] : v;
}

export function isTrue(query: Query, key: string): boolean {
  return queryValue(query, key)?.toLowerCase() === 'true';
}

export function paging(query: Query): { offset: number; limit: number } {
  const read = (key: string, fallback: number) => {
    const raw = queryValue(query, key);
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw)) throw badPaging();
    return Number(raw);
  };
  const offset = read('offset', 0);
  const limit = read('limit', 20);
  if (limit < 1 || limit > 400) throw badPaging();
  return { offset, limit };
}

/** Arena's one date-time form: UTC in Zulu notation ("Note on Date/Time Handling"). */
const ZULU = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** A Zulu date-time as Arena accepts it, else null. */
export function parseZulu(value: unknown): Date | null {
  if (typeof value !== 'string' || !ZULU.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value.slice(0, 10) ? null : at;
}

export function requireDate(value: unknown, field: string): Date {
  const date = parseZulu(value);
  if (!date) throw fail(400, 3003, `The value for the attribute "${field}" is not valid.`);
  return date;
}

export function checkText(value: unknown, field: string, max: number, required: boolean): string | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    if (required) throw fail(400, 3001, `The attribute "${field}" is required.`);
    return null;
  }
  if (typeof value !== 'string') throw fail(400, 3003, `The value for the attribute "${field}" is not valid.`);
  if (value.length > max) throw fail(400, 3005, `The specified value "${value}" is too big for the attribute "${field}".`);
  return value;
}
