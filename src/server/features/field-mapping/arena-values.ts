/**
 * The values a submission gives each mapped Arena field, exactly as a transfer sends them: the
 * one path behind both the transfer and every preview (docs/features/field-mapping.md).
 */
import type { ValuePreview } from '#shared/contract/field-mapping';
import { CATEGORY_LABELS, type Category, type Decision, REGIME_LABELS, type Regime } from '#shared/contract/reporting';
import type { ArenaTemplateStep } from '../../connectors/arena/index.ts';
import { buildQualityProcessValues, coerceForAttribute } from './mapping-engine.ts';
import type { ArenaAttributeValue, FieldMappingRule, PortalFacts, SubmissionAnswers } from './types.ts';

/** The part of a stored submission the mappings read. */
export interface MappedSubmission {
  answers: SubmissionAnswers;
  reportingDecision: Decision | null;
  reportingCategory: Category | null;
  reportingRegimes: Regime[] | null;
  chTitle: string | null;
  becomeAwareDate: string;
  investigationDeadline: string;
}

const DECISION_TEXT: Record<Decision, string> = { reportable: 'Reportable', not_reportable: 'Not reportable' };

/**
 * The portal's facts in words. Undecided gives no decision (the field stays blank rather than
 * claiming one); `chTitle` is the title the transfer names the process with, when it is known.
 */
export function portalFactsOf(s: MappedSubmission, chTitle?: string | null): PortalFacts {
  return {
    'portal.decision': s.reportingDecision ? DECISION_TEXT[s.reportingDecision] : null,
    'portal.category': s.reportingCategory ? CATEGORY_LABELS[s.reportingCategory] : null,
    'portal.regimes': s.reportingRegimes?.length ? s.reportingRegimes.map((r) => REGIME_LABELS[r]) : null,
    'portal.chTitle': chTitle?.trim() || s.chTitle,
    'portal.becomeAwareDate': s.becomeAwareDate,
    'portal.investigationDeadline': s.investigationDeadline,
  };
}

export interface ArenaFieldValue {
  guid: string;
  /** The mapping that fills the field; null: none does (the title filled from the name, or a field left empty). */
  mappingName: string | null;
  /** The attribute's name in Arena, else the mapping's. */
  field: string;
  step: string | null;
  required: boolean;
  /** What is sent; null: nothing (see `status`). */
  value: ArenaAttributeValue;
  /** The mapping's text before it was fitted to the attribute. */
  text: string | null;
  status: ValuePreview['status'];
}

/** Every mapping's outcome for one submission, in the mappings' order. */
export function arenaValuesOf(rules: readonly FieldMappingRule[], submission: MappedSubmission, template: readonly ArenaTemplateStep[], chTitle?: string | null): ArenaFieldValue[] {
  const attributes = new Map(template.flatMap((step) => step.attributes.map((a) => [a.guid, { attribute: a, step: step.name }] as const)));
  const built = buildQualityProcessValues(rules, submission.answers, { facts: portalFactsOf(submission, chTitle) });
  return built.map((v) => {
    const found = attributes.get(v.guid);
    const value = found ? coerceForAttribute(v.value, found.attribute) : null;
    const status = !found ? 'not_in_template' : v.value === null ? 'blank' : value === null ? 'invalid' : 'filled';
    return { guid: v.guid, mappingName: v.name, field: found?.attribute.name ?? v.name, step: found?.step ?? null, required: !!found?.attribute.required, value, text: v.value, status };
  });
}

type TemplateAttribute = ArenaTemplateStep['attributes'][number];

/** A text field named as a title ("Complaint Title", "Title"): what a process's name belongs in. */
const TITLE_NAME = /\btitle\b/i;
const TEXT_TYPES = new Set(['SINGLE_LINE_TEXT', 'MULTI_LINE_TEXT']);

/** The template's title field: its first text attribute named as a title, in the steps' order. */
export function titleAttributeOf(template: readonly ArenaTemplateStep[]): { attribute: TemplateAttribute; step: string } | undefined {
  for (const step of [...template].sort((a, b) => a.order - b.order)) {
    const attribute = step.attributes.find((a) => TEXT_TYPES.has(a.type) && TITLE_NAME.test(a.name));
    if (attribute) return { attribute, step: step.name };
  }
  return undefined;
}

/**
 * The name given in Create fills the template's title field when no mapping does (a mapping,
 * even a blank one, is what the admin chose for it). Undefined when the template has no title
 * field or a mapping names it.
 */
export function titleFill(rules: readonly FieldMappingRule[], submission: MappedSubmission, template: readonly ArenaTemplateStep[], chTitle?: string | null): ArenaFieldValue | undefined {
  const title = titleAttributeOf(template);
  if (!title || rules.some((r) => r.arenaFieldGUID === title.attribute.guid)) return undefined;
  const text = chTitle?.trim() || submission.chTitle?.trim() || null;
  const value = coerceForAttribute(text, title.attribute);
  const status = text === null ? 'blank' : value === null ? 'invalid' : 'filled';
  return { guid: title.attribute.guid, mappingName: null, field: title.attribute.name, step: title.step, required: title.attribute.required, value, text, status };
}

/** What a transfer sends: every mapping's outcome, then the title field filled from the name. */
export function sentValuesOf(rules: readonly FieldMappingRule[], submission: MappedSubmission, template: readonly ArenaTemplateStep[], chTitle?: string | null): ArenaFieldValue[] {
  const fill = titleFill(rules, submission, template, chTitle);
  return [...arenaValuesOf(rules, submission, template, chTitle), ...(fill ? [fill] : [])];
}

/**
 * Every field of the template, mapped or not, in Arena's order (steps, then their fields), with
 * what a transfer sends it: a field no mapping fills is `not_mapped`; mappings whose field the
 * template no longer has come last. What the Create dialog shows before anything is sent.
 */
export function templateValuesOf(rules: readonly FieldMappingRule[], submission: MappedSubmission, template: readonly ArenaTemplateStep[], chTitle?: string | null): ArenaFieldValue[] {
  const sent = new Map(sentValuesOf(rules, submission, template, chTitle).map((v) => [v.guid, v]));
  const listed: ArenaFieldValue[] = [];
  for (const step of [...template].sort((a, b) => a.order - b.order)) {
    for (const a of step.attributes) {
      if (listed.some((v) => v.guid === a.guid)) continue;
      listed.push(sent.get(a.guid) ?? { guid: a.guid, mappingName: null, field: a.name, step: step.name, required: a.required, value: null, text: null, status: 'not_mapped' });
    }
  }
  return [...listed, ...[...sent.values()].filter((v) => v.status === 'not_in_template')];
}

/** Arena keeps a date as its calendar day, so that is what the preview shows of the midday-UTC instant sent. */
const SENT_DATE = /^(\d{4}-\d{2}-\d{2})T12:00:00Z$/;

export function toValuePreview(v: ArenaFieldValue): ValuePreview {
  const text = v.value === null ? null : Array.isArray(v.value) ? v.value.join(', ') : String(v.value);
  const value = text?.replace(SENT_DATE, '$1') ?? null;
  return { mappingName: v.mappingName, arenaFieldGUID: v.guid, field: v.field, step: v.step, required: v.required, value, text: v.text, status: v.status };
}
