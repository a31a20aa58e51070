import { z } from 'zod';
import { Id, NoContent } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';
import { ValuePreviews } from './field-mapping.ts';

export const TemplateAttribute = z.object({
  guid: z.string(),
  name: z.string(),
  type: z.string(),
  required: z.boolean(),
  possibleValues: z.array(z.string()).optional(),
  multiSelect: z.boolean().optional(),
});
export const TemplateStep = z.object({ guid: z.string(), name: z.string(), order: z.number().int(), attributes: z.array(TemplateAttribute) });
export type TemplateStep = z.infer<typeof TemplateStep>;

/** Quality process step result: a step's name and its attributes. */
export const StepResult = z.object({
  name: z.string(),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type StepResult = z.infer<typeof StepResult>;

/** The value Retry sends: reuse the stored title (docs/product.md, Statuses). */
export const RETRY_TITLE = 'temp';

export const qualityProcessApi = defineApi('qualityProcess', {
  templateSteps: defineEndpoint({
    method: 'GET', path: '/v1/arena/template/step', tag: 'Arena', summary: 'Steps of the complaint template with their attributes',
    access: { capability: 'submissions' }, status: 200, response: z.object({ results: z.array(TemplateStep) }),
  }),
  steps: defineEndpoint({
    method: 'GET', path: '/v1/arena/quality-process-step/:id', tag: 'Arena',
    summary: 'Steps of the quality process of a submission (its id or CH number)',
    access: { capability: 'submissions' }, params: z.object({ id: Id }), status: 200, response: z.object({ results: z.array(StepResult) }),
  }),
  preview: defineEndpoint({
    method: 'GET', path: '/v1/jotforms/submission/:id/quality-process/preview', tag: 'Arena',
    summary: 'The values the field mappings would send to each Arena field for this submission, with chTitle as its CH-Title',
    access: { capability: 'submissions' }, params: z.object({ id: Id }),
    query: z.object({ chTitle: z.string().trim().max(200, 'chTitle must be at most 200 characters').optional() }),
    status: 200, response: ValuePreviews,
  }),
  create: defineEndpoint({
    method: 'PATCH', path: '/v1/jotforms/submission/:id/quality-process', tag: 'Arena',
    summary: `Create the quality process in Arena (from Pending Transfer or Transfer Error); chTitle "${RETRY_TITLE}" reuses the stored title`,
    access: { capability: 'submissions' }, params: z.object({ id: Id }),
    body: z.object({
      chTitle: z.string({ message: 'chTitle is required' }).trim().min(1, 'chTitle is required').max(200, 'chTitle must be at most 200 characters'),
    }),
    status: 204, response: NoContent,
  }),
});
