import type { ArenaStepValue, ArenaTemplate } from './arena-schemas.ts';

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

/**
 * The number-format prefix a create sends when none is configured: the first prefix of the
 * template's default number format ("POST Quality Process Create" requires the prefix GUID).
 * Null when the template has no default format or that format lists no prefix.
 */
export function defaultNumberPrefix(template: ArenaTemplate): string | null {
  const format = template.defaultNumberFormat && template.numberFormats.find((f) => f.guid === template.defaultNumberFormat?.guid);
  return format?.prefixes[0]?.guid ?? null;
}
