import { z } from 'zod';
import { defineApi, defineEndpoint } from './endpoints.ts';

/** The last JotForm poll (any instance's: the one holding the poll lease writes it). */
export const JotformSyncStatus = z.object({
  at: z.string(),
  outcome: z.enum(['ok', 'failed']),
  inserted: z.number().int(),
  updated: z.number().int(),
  /** Why the poll failed, in words; null when it went well. */
  error: z.string().nullable(),
});

export const IntegrationsStatus = z.object({
  mode: z.enum(['sandbox', 'live']),
  jotform: z.object({
    formId: z.string(),
    lastSync: JotformSyncStatus.nullable(),
    /** JotForm's own `limit-left` from its last answer: API calls left today, null before the first call. */
    callsLeftToday: z.number().int().nullable(),
    /**
     * Whether JotForm honours the `updated_at` filter the update pass relies on: 'honoured', 'ignored'
     * (each poll then re-reads the last SYNC_REREAD_DAYS days instead), or 'unknown' before the first sync.
     */
    updatedAtFilter: z.enum(['honoured', 'ignored', 'unknown']),
  }),
  arena: z.object({
    configured: z.boolean(),
    /** The template, owner and number prefix were checked and found right. */
    ok: z.boolean(),
    checkedAt: z.string().nullable(),
    session: z.enum(['active', 'none', 'refused']),
    requestsRemaining: z.number().int().nullable(),
    resetsAt: z.string().nullable(),
    /** What is wrong, in words for admins; empty when nothing is. */
    problems: z.array(z.string()),
  }),
  mail: z.object({
    /** 'smtp': delivered through SMTP_URL; 'stored': no mail server configured, kept in the outbox. */
    delivery: z.enum(['smtp', 'stored']),
    queued: z.number().int(),
    failed: z.number().int(),
    /** The newest delivery error, in words, or null. */
    lastError: z.string().nullable(),
    lastErrorAt: z.string().nullable(),
  }),
});
export type IntegrationsStatus = z.infer<typeof IntegrationsStatus>;

export const integrationsApi = defineApi('integrations', {
  status: defineEndpoint({
    method: 'GET', path: '/v1/integrations', tag: 'Integrations', summary: 'State of the connections to JotForm, Arena and the mail server',
    access: { capability: 'integrations' }, status: 200, response: IntegrationsStatus,
  }),
});
