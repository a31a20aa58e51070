import { z } from 'zod';
import { Id, NoContent } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';

/** Every type the Add Question dialog lists, in its order. */
export const QUESTION_TYPES = [
  'textbox', 'textarea', 'dropdown', 'radio', 'checkbox', 'fullname', 'email', 'phone', 'number', 'password', 'button', 'payment',
  'product', 'donation', 'rating', 'scale', 'matrix', 'slider', 'date', 'time', 'datetime', 'signature', 'fileupload', 'image',
  'widget', 'captcha', 'head', 'paragraph', 'pagebreak', 'sectioncollapse', 'hiddenbox', 'autoresponder', 'conditions',
  'geolocation', 'widget_inputtable', 'widget_e-signature',
] as const;
/** The ten that can be chosen; the rest are shown disabled. */
export const SELECTABLE_QUESTION_TYPES = ['textbox', 'textarea', 'checkbox', 'fullname', 'email', 'phone', 'number', 'password', 'button', 'head'] as const;
export type SelectableQuestionType = (typeof SELECTABLE_QUESTION_TYPES)[number];

export const Question = z.object({ qid: z.string(), text: z.string(), order: z.number().int(), type: z.string(), name: z.string().optional() });
export type Question = z.infer<typeof Question>;

const FormParams = z.object({ formId: Id });

export const questionsApi = defineApi('questions', {
  list: defineEndpoint({
    method: 'GET', path: '/v1/jotforms/:formId/questions', tag: 'Questions', summary: 'The form’s questions from JotForm, in order',
    access: { capability: 'questions' }, params: FormParams, status: 200, response: z.object({ results: z.array(Question) }),
  }),
  add: defineEndpoint({
    method: 'POST', path: '/v1/jotforms/:formId/questions', tag: 'Questions', summary: 'Add a question to the JotForm form',
    access: { capability: 'questions' }, params: FormParams,
    body: z.object({
      text: z.string({ message: 'text is required' }).trim().min(1, 'text is required').max(500, 'text must be at most 500 characters'),
      order: z.coerce.number({ message: 'order must be a number' }).int('order must be a whole number').min(1, 'order must be 1 or more').max(1000, 'order must be at most 1000'),
      type: z
        .string({ message: 'type is required' })
        .transform((t) => t.replace(/^control_/, ''))
        .pipe(z.enum(SELECTABLE_QUESTION_TYPES, { message: `type must be one of ${SELECTABLE_QUESTION_TYPES.join(', ')}` })),
    }),
    status: 204, response: NoContent,
  }),
  remove: defineEndpoint({
    method: 'DELETE', path: '/v1/jotforms/:formId/questions/:questionId', tag: 'Questions', summary: 'Delete a question from the JotForm form',
    access: { capability: 'questions' }, params: FormParams.extend({ questionId: z.string().regex(/^\d{1,10}$/, 'questionId must be a question id') }),
    status: 204, response: NoContent,
  }),
  reorder: defineEndpoint({
    method: 'PATCH', path: '/v1/jotforms/:formId/questions/order', tag: 'Questions', summary: 'Save a new order of the questions to JotForm',
    access: { capability: 'questions' }, params: FormParams,
    body: z.object({
      order: z
        .array(z.string().regex(/^\d{1,10}$/, 'each entry must be a question id'), { message: 'order must be a list of question ids' })
        .min(1, 'order must list the questions')
        .max(500)
        .refine((ids) => new Set(ids).size === ids.length, 'order lists a question twice'),
    }),
    status: 204, response: NoContent,
  }),
});
