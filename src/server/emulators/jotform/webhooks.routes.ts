import type { FastifyInstance } from 'fastify';
import { type EmulatorContext, type IdParams, formOr401, queryParam } from './context.ts';
import { badRequest, notAuthorized, sendOk } from './envelope.ts';
import { webhookView } from './store.ts';

/** Webhook management (JotForm API documentation, "Form Webhooks"): the content is always the whole map afterwards. */
export function webhookRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get<{ Params: IdParams }>('/form/:id/webhooks', async (request, reply) => {
    return sendOk(request, reply, webhookView(formOr401(ctx, request, request.params.id)));
  });

  app.post<{ Params: IdParams }>('/form/:id/webhooks', async (request, reply) => {
    const form = formOr401(ctx, request, request.params.id);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const url = typeof body.webhookURL === 'string' ? body.webhookURL : queryParam(request, 'webhookURL');
    if (!url || !/^https?:\/\//i.test(url) || !URL.canParse(url)) throw badRequest('webhookURL must be an http(s) URL');
    // PHP's `$list[] = $url`: the next key is one past the highest, gaps are not refilled.
    const next = Math.max(-1, ...[...form.webhooks.keys()].map(Number)) + 1;
    form.webhooks.set(String(next), url);
    return sendOk(request, reply, webhookView(form));
  });

  app.delete<{ Params: IdParams & { whid: string } }>('/form/:id/webhooks/:whid', async (request, reply) => {
    const form = formOr401(ctx, request, request.params.id);
    if (!form.webhooks.delete(request.params.whid)) throw notAuthorized(request);
    return sendOk(request, reply, webhookView(form));
  });
}
