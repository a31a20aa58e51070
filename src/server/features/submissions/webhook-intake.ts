import { timingSafeEqual } from 'node:crypto';
import { JotformError } from '../../connectors/jotform/jotform-error.ts';
import { AppError, Invalid, NotFound, Upstream } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { JotformSubmissionLike } from './submission-mapper.ts';
import type { SyncState } from './sync-state.ts';

export interface WebhookIntakeDeps {
  jotform: { getSubmission(id: string): Promise<JotformSubmissionLike>; getForm(formId: string): Promise<{ title: string; status?: string | undefined }> };
  formId: string;
  log: SystemLog;
  webhookSecret?: string | undefined;
  store(batch: JotformSubmissionLike[]): Promise<{ inserted: string[]; updated: string[] }>;
  /** A new submission arrived: the next poll reads the form again (its questions may have changed). */
  flagRefresh(): Promise<void>;
}

/** JotForm's webhook posts, and the form's title the list shows. */
export function createWebhookIntake(d: WebhookIntakeDeps) {
  return {
    /** Re-fetches one submission from the API (webhooks carry no signature, so never trust their body). */
    async syncSubmission(id: string): Promise<'inserted' | 'updated' | 'ignored'> {
      let s: JotformSubmissionLike;
      try {
        s = await d.jotform.getSubmission(id);
      } catch (err) {
        // JotForm's messages are written for people and never carry the key; anything else stays inside.
        const message = err instanceof JotformError || err instanceof AppError ? err.message : 'JotForm could not be reached.';
        await d.log.error('JotForms', `Submission ${id} from a JotForm webhook could not be fetched: ${message}`);
        throw err instanceof AppError ? err : new Upstream(message);
      }
      if (String(s.form_id) !== d.formId) return 'ignored';
      const r = await d.store([s]);
      if (r.inserted.length > 0) await d.flagRefresh();
      // Only what this delivery wrote: a repeat (JotForm retries, or posts the same one at once) changed nothing.
      if (r.inserted.length + r.updated.length > 0) await d.log.success('JotForms', `Submission ${id} ${r.inserted.length ? 'received' : 'refreshed'} from a JotForm webhook`);
      return r.inserted.length ? 'inserted' : 'updated';
    },

    checkWebhookSecret(secret: string): void {
      const a = Buffer.from(secret);
      if (!d.webhookSecret) throw new NotFound('No such endpoint.');
      const b = Buffer.from(d.webhookSecret);
      if (a.length !== b.length || !timingSafeEqual(a, b)) throw new NotFound('No such endpoint.');
    },

    submissionIdOf(body: unknown): string {
      const id = body && typeof body === 'object' ? (body as Record<string, unknown>).submissionID : undefined;
      if (typeof id !== 'string' || !/^\d{1,30}$/.test(id)) throw new Invalid('submissionID is required');
      return id;
    },

    /** The form's title and status as the last poll read them, or read now when no poll has yet. */
    async formTitle(key: string, state: SyncState): Promise<{ title: string; status: string }> {
      const stored = await state.read<{ title: string; status: string }>(key);
      if (stored) return stored;
      let form: { title: string; status?: string | undefined };
      try {
        form = await d.jotform.getForm(d.formId);
      } catch (err) {
        await d.log.error('JotForms', `Could not read form ${d.formId} from JotForm: ${err instanceof Error ? err.message : String(err)}`);
        throw new Upstream('Failed to fetch forms');
      }
      const value = { title: form.title, status: form.status ?? 'ENABLED' };
      await state.write(key, value);
      return value;
    },
  };
}
