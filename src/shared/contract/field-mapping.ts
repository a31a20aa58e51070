import { z } from 'zod';
import { Id } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';

/** Names of the preprocessing registry (the server's implementations are checked against this list). */
export const PREPROCESSING_FUNCTION_NAMES = [
  'trim', 'uppercase', 'lowercase', 'stripHtml', 'fullName', 'joinList', 'dateISO', 'dateUS', 'phoneDigits', 'truncate255', 'addressLine', 'firstLine', 'yesNo',
] as const;
export type PreprocessingFunctionName = (typeof PREPROCESSING_FUNCTION_NAMES)[number];

export const PreprocessingFunction = z.object({
  name: z.string(),
  description: z.string(),
  example: z.object({ input: z.unknown(), output: z.unknown() }),
});
export type PreprocessingFunction = z.infer<typeof PreprocessingFunction>;

/**
 * Facts the portal keeps about a submission that a mapping can read like an answer: `qid` names
 * one of these instead of a question (docs/features/field-mapping.md).
 */
export const PORTAL_FACTS = {
  'portal.decision': 'Reportability decision',
  'portal.category': 'Reportability category',
  'portal.regimes': 'Reporting regimes',
  'portal.chTitle': 'CH-Title',
  'portal.becomeAwareDate': 'Become-aware date',
  'portal.investigationDeadline': 'Investigation deadline',
} as const;
export type PortalFact = keyof typeof PORTAL_FACTS;
export const isPortalFact = (qid: string): qid is PortalFact => Object.hasOwn(PORTAL_FACTS, qid);

export const MappedQuestion = z.object({
  qid: z
    .string({ message: 'qid is required' })
    .trim()
    .refine((q) => /^\d{1,10}$/.test(q) || isPortalFact(q), `qid must be a question id or one of ${Object.keys(PORTAL_FACTS).join(', ')}`),
  answer: z.enum(['answer', 'prettyFormat'], { message: 'answer must be answer or prettyFormat' }).default('answer'),
  preprocessingFunctions: z
    .array(z.enum(PREPROCESSING_FUNCTION_NAMES, { message: `preprocessing functions must be among ${PREPROCESSING_FUNCTION_NAMES.join(', ')}` }))
    .max(10)
    .default([]),
});

export const FieldMappingBody = z
  .strictObject(
    {
      arenaFieldGUID: z.string({ message: 'arenaFieldGUID is required' }).trim().regex(/^[0-9A-Z]{20}$/, 'arenaFieldGUID must be an Arena GUID (20 letters and digits)'),
      name: z.string({ message: 'name is required' }).trim().min(1, 'name is required').max(200, 'name must be at most 200 characters'),
      predefined: z.boolean().default(false),
      predefinedValue: z.string().max(4000, 'predefinedValue must be at most 4000 characters').nullish(),
      concatenate: z.boolean().default(false),
      concatenateDelimiter: z.string().max(20, 'concatenateDelimiter must be at most 20 characters').nullish(),
      formFieldQID: z.array(MappedQuestion).max(20, 'at most 20 mapped questions').default([]),
    },
    { message: 'unknown field' },
  )
  .superRefine((b, ctx) => {
    if (b.predefined && !b.predefinedValue?.trim()) ctx.addIssue({ code: 'custom', path: ['predefinedValue'], message: 'a predefined mapping needs a predefinedValue' });
    if (!b.predefined && b.formFieldQID.length === 0) ctx.addIssue({ code: 'custom', path: ['formFieldQID'], message: 'map at least one form question, or make the mapping predefined' });
    if (b.concatenate && !b.concatenateDelimiter) ctx.addIssue({ code: 'custom', path: ['concatenateDelimiter'], message: 'a concatenated mapping needs a concatenateDelimiter' });
  });
export type FieldMappingBody = z.input<typeof FieldMappingBody>;

export const FieldMapping = z.object({
  _id: z.string(),
  arenaFieldGUID: z.string(),
  name: z.string(),
  predefined: z.boolean(),
  predefinedValue: z.string().nullable(),
  concatenate: z.boolean(),
  concatenateDelimiter: z.string().nullable(),
  formFieldQID: z.array(z.object({ qid: z.string(), answer: z.string(), preprocessingFunctions: z.array(z.string()) })),
  updatedAt: z.string(),
});
export type FieldMapping = z.infer<typeof FieldMapping>;

const Params = z.object({ id: Id });

/**
 * What an Arena field receives from one submission, exactly as a transfer would send it:
 * `filled`; `blank` (nothing to send: the answers or facts it reads are empty); `invalid` (text
 * the field cannot take, `text` says what); `not_in_template` (the field is gone from Arena);
 * `not_mapped` (a field of the template no mapping fills: Arena keeps it empty).
 */
export const VALUE_STATUSES = ['filled', 'blank', 'invalid', 'not_in_template', 'not_mapped'] as const;
export const ValuePreview = z.object({
  /** The mapping that fills the field; null when none does: the title field filled from the quality process's name, or a field not mapped. */
  mappingName: z.string().nullable(),
  arenaFieldGUID: z.string(),
  /** The field's name in Arena (the mapping's name when the template no longer has it). */
  field: z.string(),
  step: z.string().nullable(),
  required: z.boolean(),
  /** The value sent (a multi-select's picks joined by ", "), or null when nothing is sent. */
  value: z.string().nullable(),
  /** The mapped text before it was fitted to the field. */
  text: z.string().nullable(),
  status: z.enum(VALUE_STATUSES),
});
export type ValuePreview = z.infer<typeof ValuePreview>;
export const ValuePreviews = z.object({ results: z.array(ValuePreview) });

export const PreviewBody = z.strictObject(
  {
    submissionId: Id,
    /** An unsaved mapping shown in place of the saved one with the same id (or added, without one). */
    draft: z.strictObject({ id: Id.nullable(), mapping: FieldMappingBody }).optional(),
  },
  { message: 'unknown field' },
);

/**
 * Complaint fields: the facts of a complaint read from named form questions into columns of their
 * own, which the list shows and filters, the complaint register exports and trends count by
 * (docs/features/coding.md). `lot` holds the lot or the serial number.
 */
export const COMPLAINT_FIELDS = ['product', 'model', 'lot', 'udi'] as const;
export type ComplaintField = (typeof COMPLAINT_FIELDS)[number];
export const COMPLAINT_FIELD_LABELS: Record<ComplaintField, string> = { product: 'Product', model: 'Model', lot: 'Lot or serial number', udi: 'UDI' };
/** The longest value kept in a complaint field; a longer answer is cut. */
export const COMPLAINT_FIELD_MAX = 200;

/** Which form question gives each complaint field (null: none named). */
export const ComplaintFieldQuestions = z.object({
  product: z.string().nullable(),
  model: z.string().nullable(),
  lot: z.string().nullable(),
  udi: z.string().nullable(),
});
export type ComplaintFieldQuestions = z.infer<typeof ComplaintFieldQuestions>;
const QuestionOrNone = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/, 'a complaint field names a question by its id')
  .nullable()
  .default(null);
export const ComplaintFieldsBody = z.strictObject(
  { product: QuestionOrNone, model: QuestionOrNone, lot: QuestionOrNone, udi: QuestionOrNone },
  { message: 'unknown field' },
);
export type ComplaintFieldsBody = z.input<typeof ComplaintFieldsBody>;
export const ComplaintFieldsReply = z.object({
  results: ComplaintFieldQuestions,
  /** How many submissions the save filled in again from the named questions (0 on a read). */
  backfilled: z.number().int(),
});

export const fieldMappingApi = defineApi('fieldMapping', {
  complaintFields: defineEndpoint({
    method: 'GET', path: '/v1/field-mapping/complaint-fields', tag: 'Field Mapping', summary: 'Which form questions give the product, model, lot or serial number and UDI',
    access: { capability: 'configurations' }, status: 200, response: ComplaintFieldsReply,
  }),
  setComplaintFields: defineEndpoint({
    method: 'PUT', path: '/v1/field-mapping/complaint-fields', tag: 'Field Mapping',
    summary: 'Name the form questions of the complaint fields; every stored submission is filled in from them',
    access: { capability: 'configurations' }, body: ComplaintFieldsBody, status: 200, response: ComplaintFieldsReply,
  }),

  list: defineEndpoint({
    method: 'GET', path: '/v1/field-mapping', tag: 'Field Mapping', summary: 'Every mapping of a quality-process field to form answers',
    access: { capability: 'configurations' }, status: 200, response: z.object({ results: z.array(FieldMapping) }),
  }),
  preprocessingFunctions: defineEndpoint({
    method: 'GET', path: '/v1/field-mapping/preprocessing-functions', tag: 'Field Mapping', summary: 'The preprocessing functions a mapped question can use',
    access: { capability: 'configurations' }, status: 200, response: z.object({ results: z.array(PreprocessingFunction) }),
  }),
  get: defineEndpoint({
    method: 'GET', path: '/v1/field-mapping/:id', tag: 'Field Mapping', summary: 'One mapping',
    access: { capability: 'configurations' }, params: Params, status: 200, response: FieldMapping,
  }),
  create: defineEndpoint({
    method: 'POST', path: '/v1/field-mapping', tag: 'Field Mapping', summary: 'Create a mapping',
    access: { capability: 'configurations' }, body: FieldMappingBody, status: 201, response: FieldMapping,
  }),
  update: defineEndpoint({
    method: 'PUT', path: '/v1/field-mapping/:id', tag: 'Field Mapping', summary: 'Replace a mapping',
    access: { capability: 'configurations' }, params: Params, body: FieldMappingBody, status: 200, response: FieldMapping,
  }),
  preview: defineEndpoint({
    method: 'POST', path: '/v1/field-mapping/preview', tag: 'Field Mapping',
    summary: 'The values each mapped Arena field would receive from one submission (with an unsaved mapping, if given)',
    access: { capability: 'configurations' }, body: PreviewBody, status: 200, response: ValuePreviews,
  }),
  remove: defineEndpoint({
    method: 'DELETE', path: '/v1/field-mapping/:id', tag: 'Field Mapping', summary: 'Delete a mapping; replies with its id',
    access: { capability: 'configurations' }, params: Params, status: 200, response: z.object({ id: z.string() }),
  }),
});
