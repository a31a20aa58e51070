import type { FastifyBaseLogger } from 'fastify';
import type { JotformClient } from '../connectors/jotform/index.ts';

/** Points the form's JotForm webhook at this portal, once (JotForm keeps a list of URLs). */
export async function registerWebhook(jotform: JotformClient, formId: string, url: string, logger: FastifyBaseLogger): Promise<void> {
  try {
    const hooks = await jotform.listWebhooks(formId);
    if (!hooks.some((h) => h.url === url)) await jotform.createWebhook(formId, url);
  } catch (err) {
    logger.warn({ err }, 'could not register the JotForm webhook; the poll still picks up new submissions');
  }
}
