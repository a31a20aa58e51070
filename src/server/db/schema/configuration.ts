import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
  (t) => [index('field_mappings_guid_idx').on(t.arenaFieldGuid)],
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

/** Mail written when no SMTP server is configured, and a record of every mail sent. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').array().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['stored', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
