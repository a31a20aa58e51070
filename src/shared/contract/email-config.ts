import { z } from 'zod';
import { Id } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';
import { Email } from './users.ts';

export const EmailConfig = z.object({ id: z.string(), email: z.string(), active: z.boolean(), createdAt: z.string(), updatedAt: z.string() });
export type EmailConfig = z.infer<typeof EmailConfig>;

const Params = z.object({ id: Id });

export const emailConfigApi = defineApi('emailConfig', {
  list: defineEndpoint({
    method: 'GET', path: '/v1/email-configs', tag: 'Email config', summary: 'Notification recipients',
    access: { capability: 'configurations' },
    query: z.object({ active: z.enum(['true', 'false'], { message: 'active must be true or false' }).transform((v) => v === 'true').optional() }),
    status: 200, response: z.object({ results: z.array(EmailConfig) }),
  }),
  create: defineEndpoint({
    method: 'POST', path: '/v1/email-configs', tag: 'Email config', summary: 'Add a notification recipient (active)',
    access: { capability: 'configurations' }, body: z.strictObject({ email: Email }, { message: 'unknown field' }), status: 201, response: EmailConfig,
  }),
  update: defineEndpoint({
    method: 'PATCH', path: '/v1/email-configs/:id', tag: 'Email config', summary: 'Change a recipient’s address or active flag',
    access: { capability: 'configurations' }, params: Params,
    body: z
      .strictObject({ email: Email, active: z.boolean({ message: 'active must be true or false' }) }, { message: 'unknown field' })
      .partial()
      .refine((b) => b.email !== undefined || b.active !== undefined, 'nothing to update'),
    status: 200, response: EmailConfig,
  }),
  remove: defineEndpoint({
    method: 'DELETE', path: '/v1/email-configs/:id', tag: 'Email config', summary: 'Remove a recipient; replies with its id',
    access: { capability: 'configurations' }, params: Params, status: 200, response: z.object({ id: z.string() }),
  }),
});
