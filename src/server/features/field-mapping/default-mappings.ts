/**
 * The mappings a new installation starts with (docs/features/field-mapping.md, Defaults): what the
 * portal itself knows (its reportability decision) and what every complaint form asks (the
 * product and its lot), each where the template has a field for it and, for the form's answers,
 * the form a question. Pure: the template and the questions are given.
 */
import type { FieldMappingBody } from '#shared/contract/field-mapping';
import type { ArenaTemplateStep, ArenaTemplateStepAttribute } from '../../connectors/arena/index.ts';

/** A question of the form, as far as the defaults need it. */
export interface DefaultsQuestion {
  qid: string;
  type: string;
  text?: string | undefined;
}

/** Questions that carry no answer, or none a quality process can hold. */
const NO_ANSWER = new Set(['control_head', 'control_button', 'control_captcha', 'control_fileupload', 'control_image', 'control_text', 'control_divider', 'control_pagebreak']);
/** Fields that cannot hold a decision, a product or a lot number. */
const NOT_TEXT = new Set(['DATE', 'NUMBER']);

/** The form's questions an admin named as the complaint's product and lot (Complaint fields). */
export interface NamedQuestions {
  product?: string | undefined;
  lot?: string | undefined;
}

interface Default {
  /** The mapping's name, as the Configurations page lists it. */
  name: string;
  field: RegExp;
  /** The form's question it reads: the one named as this complaint field, else the first whose text matches; none: a fact of the portal's own. */
  question?: { named: keyof NamedQuestions; text: RegExp };
}

const DEFAULTS: readonly Default[] = [
  { name: 'Reportability decision', field: /reportab/i },
  { name: 'Product', field: /\bproduct\b/i, question: { named: 'product', text: /\bproduct\b/i } },
  { name: 'Lot number', field: /\blot\b/i, question: { named: 'lot', text: /\blot\b/i } },
];

const offersYesNo = (a: ArenaTemplateStepAttribute) => {
  const options = new Set((a.possibleValues ?? []).map((o) => o.trim().toLowerCase()));
  return options.has('yes') && options.has('no');
};

/**
 * The default mappings for a template and a form, in the order above, leaving out fields in
 * `taken` (already mapped). A decision goes to a Yes/No drop-down as Yes or No; the product and
 * the lot come from the questions named as such (`named`), else from the first question whose
 * text says so.
 */
export function defaultMappings(template: readonly ArenaTemplateStep[], questions: readonly DefaultsQuestion[], taken: ReadonlySet<string> = new Set(), named: NamedQuestions = {}): FieldMappingBody[] {
  const fields = [...template].sort((a, b) => a.order - b.order).flatMap((s) => s.attributes);
  const used = new Set(taken);
  const out: FieldMappingBody[] = [];
  for (const d of DEFAULTS) {
    const field = fields.find((a) => !used.has(a.guid) && !NOT_TEXT.has(a.type) && d.field.test(a.name));
    if (!field) continue;
    const asked = d.question;
    if (!asked) {
      out.push({ arenaFieldGUID: field.guid, name: d.name, formFieldQID: [{ qid: 'portal.decision', preprocessingFunctions: offersYesNo(field) ? ['yesNo'] : [] }] });
    } else {
      const qid = named[asked.named];
      const question = qid ? questions.find((q) => q.qid === qid) : questions.find((q) => !NO_ANSWER.has(q.type) && asked.text.test(q.text ?? ''));
      if (!question) continue;
      out.push({ arenaFieldGUID: field.guid, name: d.name, formFieldQID: [{ qid: question.qid }] });
    }
    used.add(field.guid);
  }
  return out;
}
