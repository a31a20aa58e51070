import type { ArenaErrorEntry } from './failures.ts';
import type { AttributeDefinition } from './fixtures.ts';
import { pacificMidnight, zulu } from './pacific-time.ts';
import { parseDateInput } from './request.ts';
import type { StoredValue } from './state.ts';

export type ValueCheck = { ok: true; value: StoredValue } | { ok: false; error: ArenaErrorEntry };

const ok = (value: StoredValue): ValueCheck => ({ ok: true, value });
const bad = (code: number, message: string): ValueCheck => ({ ok: false, error: { code, message } });

function text(def: AttributeDefinition, raw: unknown, singleLine: boolean): ValueCheck {
  if (typeof raw !== 'string') return bad(2000, `The value of the attribute "${def.name}" must be text.`);
  if (singleLine && /[\r\n]/.test(raw)) {
    return bad(2027, `The value of the single line attribute "${def.name}" cannot contain a line break.`);
  }
  if (def.maxLength !== undefined && raw.length > def.maxLength) {
    return bad(2001, `The value of the attribute "${def.name}" exceeds the maximum length of ${def.maxLength} characters.`);
  }
  return ok(raw);
}

function option(def: AttributeDefinition, raw: unknown): ArenaErrorEntry | null {
  if (typeof raw === 'string' && (def.possibleValues ?? []).includes(raw)) return null;
  return { code: 2021, message: `The value "${String(raw)}" is not a valid option for the attribute "${def.name}".` };
}

/**
 * Checks one step attribute value against its definition and returns what Arena would store.
 * Empty values clear the attribute: the API does not enforce "required" (Arena REST API documentation). A null
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
      const date = parseDateInput(raw);
      if (!date) return bad(2022, `The value "${String(raw)}" of the attribute "${def.name}" is not a valid date.`);
      // Arena keeps the calendar date and stores it at midnight Pacific (Arena's documented
      // steps example).
      return ok(zulu(pacificMidnight(date.toISOString().slice(0, 10))));
    }
    case 'NUMBER':
      // A JSON number only: "12" is text, and Arena refuses text for a NUMBER attribute.
      return typeof raw === 'number' && Number.isFinite(raw) ? ok(raw) : bad(2000, `The value ${JSON.stringify(raw)} of the attribute "${def.name}" is not a number.`);
    case 'FIXED_DROP_DOWN': {
      if (!def.multiSelect) {
        const error = option(def, raw);
        return error ? { ok: false, error } : ok(raw as string);
      }
      const values: unknown[] = Array.isArray(raw) ? raw : [raw];
      const error = values.map((v) => option(def, v)).find((e) => e !== null);
      if (error) return { ok: false, error };
      if (def.maxSelections !== undefined && values.length > def.maxSelections) {
        return bad(2025, `The attribute "${def.name}" allows at most ${def.maxSelections} selections.`);
      }
      return ok(values as string[]);
    }
  }
}
