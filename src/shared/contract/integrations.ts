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

/** The first pull of the form's submissions: how far it is, kept after every page of 1,000. */
export const FirstSync = z.object({
  imported: z.number().int(),
  /** Submissions the form had when it began (JotForm's count); null when JotForm did not say. */
  total: z.number().int().nullable(),
  done: z.boolean(),
  /** Calls to JotForm it has used. */
  calls: z.number().int(),
  startedAt: z.string(),
  doneAt: z.string().nullable(),
  /** Time left at this run's pace; null before its first page, or once done. */
  secondsLeft: z.number().nullable(),
});
export type FirstSync = z.infer<typeof FirstSync>;

/**
 * A value Arena did not keep as the transfer sent it, read back after the create: the target
 * completion date (the investigation deadline, YYYY-MM-DD), the owner, the number.
 */
export const ArenaChange = z.object({
  field: z.enum(['targetCompletionDate', 'owner', 'number']),
  sent: z.string().nullable(),
  /** What Arena keeps; null when it keeps nothing. */
  kept: z.string().nullable(),
});
export type ArenaChange = z.infer<typeof ArenaChange>;

/** A transfer whose quality process Arena keeps otherwise than it was sent. */
export const ArenaChangedTransfer = z.object({
  at: z.string(),
  submissionId: z.string(),
  chNumber: z.string(),
  changes: z.array(ArenaChange),
});
export type ArenaChangedTransfer = z.infer<typeof ArenaChangedTransfer>;

export const IntegrationsStatus = z.object({
  mode: z.enum(['sandbox', 'live']),
  jotform: z.object({
    formId: z.string(),
    lastSync: JotformSyncStatus.nullable(),
    /** JotForm's own `limit-left` from its last reply: API calls left today, null before the first call. */
    callsLeftToday: z.number().int().nullable(),
    /**
     * Whether JotForm honours the `updated_at` filter the update pass relies on: 'honoured', 'ignored'
     * (each poll then re-reads the last SYNC_REREAD_DAYS days instead), or 'unknown' before the first sync.
     */
    updatedAtFilter: z.enum(['honoured', 'ignored', 'unknown']),
    /** The account's daily API limit: JOTFORM_DAILY_LIMIT, or learned from `limit-left`; null before JotForm said. */
    dailyLimit: z.number().int().nullable(),
    /** When JotForm's daily count starts again: the next midnight US Eastern. */
    resetsAt: z.string(),
    /** The part of the daily limit the portal may use (JOTFORM_QUOTA_SHARE). */
    quotaShare: z.number(),
    /** The calls the polling instance has made today. */
    callsToday: z.number().int(),
    /** The seconds from one poll to the next, paced so today's share lasts until the reset; null before the first poll. */
    pollIntervalSeconds: z.number().int().nullable(),
    /** The mean calls of today's polls (1 when nothing changed; more when there were pages to read). */
    callsPerPoll: z.number().nullable(),
    /** The first pull of the form's submissions; null when none was recorded (a portal that synced before it was). */
    firstSync: FirstSync.nullable(),
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
    /** The latest transfers (at most 5, newest first) whose process Arena keeps otherwise than sent. */
    changedByArena: z.array(ArenaChangedTransfer),
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
