/** The JSON shapes Arena replies with (quality processes, settings, steps), built from the emulator state. */
import {
  ATTRIBUTE_DEFINITIONS,
  type AttributeDefinition,
  NUMBER_FORMAT_GUID,
  NUMBER_PREFIX,
  NUMBER_PREFIX_GUID,
  TEMPLATE,
  attributeDefinition,
} from './fixtures.ts';
import { type ArenaEmulatorState, type EmulatedProcess, type EmulatedStep, formatNumber } from './state.ts';
import type { ArenaEmulatorVariant } from './variants.ts';

export function processView(p: EmulatedProcess) {
  const current = p.status === 'COMPLETED' ? undefined : p.steps.find((s) => s.status === 'OPEN');
  return {
    guid: p.guid,
    number: p.number,
    name: p.name,
    description: p.description,
    type: p.type,
    status: p.status,
    statusMode: 'AUTOMATIC',
    creationDateTime: p.creationDateTime,
    completedDateTime: p.completedDateTime,
    targetCompletionDateTime: p.targetCompletionDateTime,
    creator: p.creator,
    owner: p.owner,
    template: { active: null, guid: p.templateGuid },
    currentStep: current ? { approvals: null, attributes: null, guid: current.guid } : null,
  };
}

/**
 * One step as Arena shows it. `omitEmpty`: attributes without a value are left out, and a step
 * with none left says `attributes: null` (empty first-level attributes are null, as Arena's documentation says).
 */
export function stepView(s: EmulatedStep, omitEmpty = false) {
  const common = {
    guid: s.guid,
    name: s.name,
    order: s.order,
    type: s.type,
    status: s.status,
    dueDateTime: s.dueDateTime,
    completeDateTime: s.completeDateTime,
    completeUser: s.completeUser,
    approvals: null,
  };
  if (s.type === 'SIGNOFF') {
    // "GET Quality Process Steps" shows a sign-off step with `"assignee": null` too.
    return { ...common, allowOwnerToAddApprovers: true, assignee: null, approvers: s.approvers };
  }
  const first = s.assignees?.[0];
  return {
    ...common,
    assignee: first
      ? { deprecated: true, ...first, note: 'The assignee response object is deprecated. Please use assignees.' }
      : null,
    assignees: s.assignees ? { users: s.assignees } : null,
    attributes: attributesView(s, omitEmpty),
  };
}

function attributesView(s: EmulatedStep, omitEmpty: boolean) {
  const shown = omitEmpty ? s.attributes.filter((a) => a.value !== null) : s.attributes;
  if (omitEmpty && shown.length === 0) return null;
  return shown.map(({ guid, value }) => {
    const def = attributeDefinition(guid);
    return {
      guid,
      apiName: guid,
      name: def?.name ?? guid,
      fieldType: def?.fieldType ?? null,
      ...(def?.multiSelect ? { multiSelect: true } : {}),
      value,
    };
  });
}

export function definitionView(d: AttributeDefinition, includePossibleValues: boolean) {
  return {
    guid: d.guid,
    apiName: d.guid,
    name: d.name,
    fieldType: d.fieldType,
    custom: true,
    active: true,
    required: d.required,
    creatable: false,
    editable: true,
    searchable: true,
    allowsExplicitNullValue: true,
    ...(d.maxLength !== undefined ? { maxLength: d.maxLength } : {}),
    ...(d.fieldType === 'FIXED_DROP_DOWN' ? { multiSelect: d.multiSelect ?? false } : {}),
    ...(d.maxSelections !== undefined ? { maxSelections: d.maxSelections } : {}),
    ...(includePossibleValues && d.possibleValues ? { possibleValues: d.possibleValues } : {}),
  };
}

export function definitionsView(includePossibleValues: boolean) {
  const results = ATTRIBUTE_DEFINITIONS.map((d) => definitionView(d, includePossibleValues));
  return { count: results.length, results };
}

export function numberFormatView(state: ArenaEmulatorState) {
  return {
    guid: NUMBER_FORMAT_GUID,
    name: TEMPLATE.shortName,
    creationDateTime: TEMPLATE.creationDateTime,
    lastUsed: state.lastNumber === 0 ? null : formatNumber(state.lastNumber),
    nextValue: formatNumber(state.lastNumber + 1),
    prefixes: [{ guid: NUMBER_PREFIX_GUID, value: NUMBER_PREFIX }],
  };
}

export function templateView(state: ArenaEmulatorState, variant: ArenaEmulatorVariant) {
  const format = numberFormatView(state);
  return {
    guid: TEMPLATE.guid,
    name: TEMPLATE.name,
    shortName: TEMPLATE.shortName,
    description: TEMPLATE.description,
    active: true,
    creationDateTime: TEMPLATE.creationDateTime,
    creator: TEMPLATE.creator,
    defaultOwner: variant.noDefaultOwner ? null : TEMPLATE.defaultOwner,
    defaultNumberFormat: variant.noDefaultNumberFormat || variant.noTemplateNumberFormats ? null : { guid: format.guid },
    numberFormats: variant.noTemplateNumberFormats ? null : [{ guid: format.guid, lastUsed: format.lastUsed, prefixes: format.prefixes }],
    steps: TEMPLATE.steps.map((s) =>
      s.type === 'SIGNOFF'
        ? {
            guid: s.guid,
            name: s.name,
            order: s.order,
            type: s.type,
            description: null,
            allowOwnerToAddApprovers: true,
            approvers: s.approvers ?? [],
            defaultApprovers: { users: (s.approvers ?? []).map(({ guid, fullName }) => ({ guid, fullName })), userGroups: null },
          }
        : {
            guid: s.guid,
            name: s.name,
            order: s.order,
            type: s.type,
            description: null,
            defaultAssignees: null,
            // Template steps only reference attributes; the definitions carry the field type.
            attributes: s.attributeGuids.map((guid) => ({ guid, apiName: guid, name: attributeDefinition(guid)?.name ?? guid, fieldType: null, value: null })),
          },
    ),
  };
}
