import type { ArenaErrorEntry } from './failures.ts';
import type { AttributeDefinition } from './fixtures.ts';
import { endOfPacificDay, zulu } from './pacific-time.ts';
import { parseZulu } from './request.ts';
import type { StoredValue } from './state.ts';

export type ValueCheck = { ok: true; value: StoredValue } | { ok: false; error: ArenaErrorEntry };

const ok = (value: StoredValue): ValueCheck => ({ ok: true, value });
const bad = (code: number, message: string): ValueCheck => ({ ok: false, error: { code, message } });

function text(def: AttributeDefinition, raw: unknown, singleLine: boolean): ValueCheck {
  if (typeof raw !== 'string') return bad(2001, `The value for additional attribute "${def.name}" is not valid.`);
  if (singleLine && /[\r\n]/.test(raw)) {
    return bad(2027, `The value for additional attribute "${def.name}" (guid ${def.guid}) cannot include carriage returns (i.e. newlines).`);
  }
  if (def.maxLength !== undefined && raw.length > def.maxLength) {
    return bad(2028, `The value "${raw}" exceeds the maximum allowed (${def.maxLength}) for additional attribute "${def.name}" (guid ${def.guid}).`);
  }
  return ok(raw);
}

function option(def: AttributeDefinition, raw: unknown): ArenaErrorEntry | null {
  if (typeof raw === 'string' && (def.possibleValues ?? []).includes(raw)) return null;
  if (def.multiSelect) return { code: 2026, message: `The specified value "${String(raw)}" is not a valid option for multi additional attribute "${def.name}" (guid ${def.guid}).` };
  return { code: 2021, message: `The specified value "${String(raw)}" is not a valid option for additional attribute "${def.name}" (guid ${def.guid}).` };
}

/**
 * Checks one step attribute value against its definition and returns what Arena would store.
 * Empty values clear the attribute: the API does not enforce "required". A null
 * reaches this only with `?setnull=true`.
 */
export function checkAttributeValue(def: AttributeDefinition, raw: unknown): ValueCheck {
  if (raw === null || raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0)) return ok(null);
  switch (def.fieldType) {
    // An editable drop-down takes values beyond its list, so it is checked as single-line text.
    case 'SINGLE_LINE_TEXT':
    case 'DROP_DOWN':
      return text(def, raw, true);
    case 'MULTI_LINE_TEXT':
      return text(def, raw, false);
    case 'DATE': {
      const at = parseZulu(raw);
      if (!at) return bad(2022, `The value "${String(raw)}" is not valid for additional attribute "${def.name}" (guid ${def.guid}) of Date type.`);
      // "Note on Date/Time Handling": the instant is converted to Pacific time (with its
      // daylight-saving changes) and that Pacific calendar date is kept, at 23:59:59 Pacific as
      // the documented step replies show it ("…T07:59:59Z").
      return ok(zulu(endOfPacificDay(at)));
    }
    case 'NUMBER':
      // A JSON number only: "12" is text, and Arena refuses text for a NUMBER attribute.
      return typeof raw === 'number' && Number.isFinite(raw) ? ok(raw) : bad(2029, `The value "${String(raw)}" is not valid for additional attribute "${def.name}" (guid ${def.guid}) of Number type.`);
    case 'FIXED_DROP_DOWN': {
      if (!def.multiSelect) {
        const error = option(def, raw);
        return error ? { ok: false, error } : ok(raw as string);
      }
      const values: unknown[] = Array.isArray(raw) ? raw : [raw];
      const error = values.map((v) => option(def, v)).find((e) => e !== null);
      if (error) return { ok: false, error };
      if (def.maxSelections !== undefined && values.length > def.maxSelections) {
        return bad(2025, `The number of values for additional attribute "${def.name}" (guid ${def.guid}) must not exceed "${def.maxSelections}".`);
      }
      return ok(values as string[]);
    }
  }
}
