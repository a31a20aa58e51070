import type { ArenaStepValue } from './arena-client.ts';

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Arena takes only a JSON number for a NUMBER attribute and refuses "12" (a 2000-series error),
 * so numeric text bound for one becomes a number. Anything else is sent as it is, for Arena to
 * judge with its own message.
 * @example numberTyped([{ guid: 'G', value: ' 12 ' }], new Map([['G', 'NUMBER']])) // → [{ guid: 'G', value: 12 }]
 */
export function numberTyped(
  attributes: readonly { guid: string; value: ArenaStepValue }[],
  fieldTypes: ReadonlyMap<string, string>,
): { guid: string; value: ArenaStepValue }[] {
  return attributes.map(({ guid, value }) => {
    if (typeof value !== 'string' || fieldTypes.get(guid) !== 'NUMBER' || !NUMERIC.test(value.trim())) return { guid, value };
    const n = Number(value.trim());
    return { guid, value: Number.isFinite(n) ? n : value };
  });
}
