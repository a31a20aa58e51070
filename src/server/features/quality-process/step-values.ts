import type { StepResult } from '#shared/contract/quality-process';
import type { ArenaAttributeValue, ArenaStep, ArenaTemplateStep } from '../../connectors/arena/index.ts';
import { zonedDate } from '../../lib/time-zone.ts';

/** Arena runs on US Pacific time and keeps a date-only value at a Pacific time of that day. */
const ARENA_ZONE = 'America/Los_Angeles';
const ZULU = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * The calendar date of an Arena DATE value: the Pacific calendar date of the instant Arena returns
 * (it keeps a day at 00:00 or 23:59:59 Pacific, docs/features/outside-systems.md).
 * @example arenaDate('2025-01-09T07:59:59Z') // → '2025-01-08'
 */
export function arenaDate(value: string): string {
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : zonedDate(at, ARENA_ZONE);
}

/** A step attribute value as the steps modal shows it: text, lists joined, dates as YYYY-MM-DD. */
export function renderValue(value: ArenaAttributeValue, fieldType: string | null): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value !== 'string') return String(value);
  return fieldType === 'DATE' || (fieldType === null && ZULU.test(value)) ? arenaDate(value) : value;
}

/** The template step a process step was made from: same name, else same order. */
export function templateStepOf(step: Pick<ArenaStep, 'name' | 'order'>, template: readonly ArenaTemplateStep[]): ArenaTemplateStep | undefined {
  return template.find((t) => t.name === step.name) ?? template.find((t) => t.order === step.order);
}

/**
 * A process's REGULAR steps as `{name, attributes: [{name, value}]}`. Arena may leave attributes
 * without a value out of a step list, so each step shows its template step's attributes (empty
 * when Arena left them out) in the template's order, then any others Arena listed; names Arena
 * left out come from the template.
 */
export function renderSteps(steps: readonly ArenaStep[], template: readonly ArenaTemplateStep[] = []): StepResult[] {
  const names = new Map(template.flatMap((s) => s.attributes.map((a) => [a.guid, a.name] as const)));
  return steps
    .filter((s) => s.type === 'REGULAR')
    .map((s) => {
      const model = templateStepOf(s, template)?.attributes ?? [];
      const listed = new Map(s.attributes.map((a) => [a.guid, a]));
      const attributes = [
        ...model.map((t) => listed.get(t.guid) ?? { guid: t.guid, name: t.name, fieldType: t.type, value: null }),
        ...s.attributes.filter((a) => !model.some((t) => t.guid === a.guid)),
      ];
      return { name: s.name, attributes: attributes.map((a) => ({ name: a.name ?? names.get(a.guid) ?? a.guid, value: renderValue(a.value, a.fieldType) })) };
    });
}
