import { sql } from 'drizzle-orm';
import { MAIL_KINDS, MAIL_STATUSES } from '#shared/contract/mail';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export interface MappedQuestion {
  qid: string;
  answer: string;
  preprocessingFunctions: string[];
}

export const fieldMappings = pgTable(
  'field_mappings',
  {
    id: text('id').primaryKey(),
    arenaFieldGuid: text('arena_field_guid').notNull(),
    name: text('name').notNull(),
    predefined: boolean('predefined').notNull().default(false),
    predefinedValue: text('predefined_value'),
    concatenate: boolean('concatenate').notNull().default(false),
    concatenateDelimiter: text('concatenate_delimiter'),
    formFieldQid: jsonb('form_field_qid').$type<MappedQuestion[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // One mapping per quality-process field: the index settles two creates at once.
  (t) => [uniqueIndex('field_mappings_guid_unique').on(t.arenaFieldGuid)],
);

export const emailConfigs = pgTable(
  'email_configs',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_configs_email_key').on(t.email)],
);


/**
 * The transactional mail outbox: a message is written here in the same transaction as the action
 * that causes it, then delivered by the mail worker (features/mail) with retries. 'stored': kept
 * only, because no SMTP server is configured (sandbox). Each message has a kind (docs/features/mail.md):
 * one delivered notice per submission, an admin's resend being a new row pointing at the original;
 * assignment mails and reminder digests are queued once per `dedupe_key`.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull().default('delivered'),
    /** What makes the message once-only, e.g. `reminder:2025-06-16:user:<id>`; null for delivered notices and resends. */
    dedupeKey: text('dedupe_key'),
    to: text('to').array().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: MAIL_STATUSES }).notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    submissionId: text('submission_id'),
    resendOf: text('resend_of'),
    createdBy: text('created_by'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A worker's claim on the row while it sends; a claim past this time is void (its worker died). */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** When the worker last tried to deliver it (its error, if any, is from then). */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('mail_outbox_submission_idx').on(t.submissionId, t.createdAt),
    uniqueIndex('mail_outbox_one_notice_key').on(t.submissionId).where(sql`${t.kind} = 'delivered' and ${t.resendOf} is null and ${t.submissionId} is not null`),
    uniqueIndex('mail_outbox_dedupe_key').on(t.dedupeKey),
  ],
);

/**
 * Leadership of background work across instances: the holder renews its lease every round; any
 * instance takes it over once it has expired (a holder lost to a power cut holds it no longer).
 */
export const leases = pgTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});
