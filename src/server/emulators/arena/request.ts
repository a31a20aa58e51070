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

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/;

/** A date or Zulu date-time as Arena accepts it, else null. */
export function parseDateInput(value: unknown): Date | null {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return null;
  const ms = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

export function requireDate(value: unknown, field: string): Date {
  const date = parseDateInput(value);
  if (!date) throw fail(400, 2022, `The value "${String(value)}" of "${field}" is not a valid date. Use the format yyyy-MM-ddTHH:mm:ssZ.`);
  return date;
}

export function checkText(value: unknown, field: string, max: number, required: boolean): string | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    if (required) throw fail(400, 2008, `The "${field}" attribute is required.`);
    return null;
  }
  if (typeof value !== 'string') throw fail(400, 2000, `The value of "${field}" must be text.`);
  if (value.length > max) throw fail(400, 2001, `The value of "${field}" exceeds the maximum length of ${max} characters.`);
  return value;
}
