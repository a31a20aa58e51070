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

export const MappedQuestion = z.object({
  qid: z.string({ message: 'qid is required' }).trim().regex(/^\d{1,10}$/, 'qid must be a question id'),
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

export const fieldMappingApi = defineApi('fieldMapping', {
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
  remove: defineEndpoint({
    method: 'DELETE', path: '/v1/field-mapping/:id', tag: 'Field Mapping', summary: 'Delete a mapping; answers its id',
    access: { capability: 'configurations' }, params: Params, status: 200, response: z.object({ id: z.string() }),
  }),
});
