import type { ArenaStep, ArenaStepValue, ArenaTemplateStep, StepUpdate } from '../../connectors/arena/index.ts';
import { type FieldMappingRule, type SubmissionAnswers, buildQualityProcessValues, coerceForAttribute } from '../field-mapping/index.ts';
import { templateStepOf } from './step-values.ts';

export interface MappedValue {
  guid: string;
  /** The attribute's name in Arena (for the audit trail; values themselves are not recorded). */
  name: string;
  value: ArenaStepValue;
}

/**
 * The Arena values of a submission: each mapping's value, coerced to its attribute's type.
 * Mappings that produce nothing, name an attribute the template no longer has, or whose text is
 * not a valid value for the attribute are left out and reported by name.
 */
export function mappedValues(rules: readonly FieldMappingRule[], answers: SubmissionAnswers, template: readonly ArenaTemplateStep[]): { values: MappedValue[]; skipped: string[] } {
  const attributes = new Map(template.flatMap((s) => s.attributes.map((a) => [a.guid, a] as const)));
  const values: MappedValue[] = [];
  const skipped: string[] = [];
  for (const v of buildQualityProcessValues(rules, answers, { omitEmpty: true })) {
    const attribute = attributes.get(v.guid);
    const value = attribute ? coerceForAttribute(v.value, attribute) : null;
    if (attribute && value !== null) values.push({ guid: v.guid, name: attribute.name, value });
    else skipped.push(attribute?.name ?? v.name);
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
