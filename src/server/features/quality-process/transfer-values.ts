import type { ArenaStep, ArenaStepValue, ArenaTemplateStep, StepUpdate } from '../../connectors/arena/index.ts';
import { type FieldMappingRule, type MappedSubmission, sentValuesOf } from '../field-mapping/index.ts';
import { templateStepOf } from './step-values.ts';

export interface MappedValue {
  guid: string;
  /** The attribute's name in Arena (for the audit trail; values themselves are not recorded). */
  name: string;
  value: ArenaStepValue;
}

/**
 * The Arena values of a submission, through the same path as every preview: each mapping's value
 * coerced to its attribute's type, and the template's title field filled from the title when no
 * mapping fills it. Mappings that produce nothing (a blank answer or fact), name an attribute the
 * template no longer has, or whose text is not a valid value for the attribute are left out and
 * reported by name as skipped.
 */
export function mappedValues(rules: readonly FieldMappingRule[], submission: MappedSubmission, template: readonly ArenaTemplateStep[], chTitle?: string): { values: MappedValue[]; skipped: string[] } {
  const values: MappedValue[] = [];
  const skipped: string[] = [];
  for (const v of sentValuesOf(rules, submission, template, chTitle)) {
    if (v.status === 'filled' && v.value !== null) values.push({ guid: v.guid, name: v.field, value: v.value });
    else skipped.push(v.field);
  }
  return { values, skipped };
}

/**
 * One update per step of the new process that carries any mapped attribute (process step GUIDs
 * are per process, attribute GUIDs are shared with the template). Arena may leave empty
 * attributes out of a step list, so a step also carries those of its template step (same name,
 * else same order). Completed steps are Arena's record now and are left alone; an attribute shown
 * in two steps is filled in both.
 */
export function stepUpdates(steps: readonly ArenaStep[], template: readonly ArenaTemplateStep[], values: readonly MappedValue[]): { stepGuid: string; update: StepUpdate }[] {
  return steps
    .filter((s) => s.type === 'REGULAR' && s.status !== 'COMPLETE')
    .map((s) => {
      const model = templateStepOf(s, template);
      const carried = new Set([...s.attributes, ...(model?.attributes ?? [])].map((a) => a.guid));
      return { stepGuid: s.guid, update: { attributes: values.filter((v) => carried.has(v.guid)).map(({ guid, value }) => ({ guid, value })) } };
    })
    .filter((u) => u.update.attributes.length > 0);
}
