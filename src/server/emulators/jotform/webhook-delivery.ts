import { prettySummary, rawRequestOf } from './answers.ts';
import type { EmuForm, EmuSubmission } from './types.ts';

export interface WebhookDelivery {
  url: string;
  /** The receiver's HTTP status; null when it could not be reached. */
  status: number | null;
  error?: string;
}

/** Parts JotForm sends but leaves empty for a plain web submission (as a captured webhook delivery shows). */
const EMPTY_PARTS = [
  'action',
  'customParams',
  'product',
  'customTitle',
  'event',
  'documentID',
  'teamID',
  'subject',
  'isSilent',
  'customBody',
  'fromTable',
  'appID',
  'unread',
  'parent',
];

const DELIVERY_TIMEOUT_MS = 5_000;

/** The multipart body JotForm POSTs to a webhook on each new submission. */
export function webhookBody(form: EmuForm, submission: EmuSubmission, username: string, url: string): FormData {
  const body = new FormData();
  body.set('formID', form.id);
  body.set('submissionID', submission.id);
  body.set('webhookURL', url);
  body.set('ip', submission.ip);
  body.set('formTitle', form.title);
  body.set('pretty', prettySummary(submission.answers));
  body.set('username', username);
  body.set('rawRequest', JSON.stringify(rawRequestOf(form.id, form.questions.values(), submission.answers)));
  body.set('type', 'WEB');
  for (const name of EMPTY_PARTS) body.set(name, '');
  return body;
}

/** One POST per registered URL; a failing receiver is reported, never thrown, like JotForm does. */
export async function deliverWebhooks(form: EmuForm, submission: EmuSubmission, username: string): Promise<WebhookDelivery[]> {
  const urls = [...form.webhooks.values()];
  return Promise.all(
    urls.map(async (url): Promise<WebhookDelivery> => {
      try {
        const res = await fetch(url, {
          method: 'POST',
          body: webhookBody(form, submission, username, url),
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        });
        await res.arrayBuffer();
        return { url, status: res.status };
      } catch (err) {
        return { url, status: null, error: err instanceof Error ? err.message : String(err) };
      }
    }),
  );
}
