import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RuleFields } from '#shared/contract/trends';
import { SIGNAL_RULE_KINDS } from '#shared/trends/signal-rules';

/**
 * Complaints per form, become-aware date and product (empty: not named), Denied submissions left
 * out, kept by a trigger on submissions (as `submission_day_counts` is): trends and signal rules
 * sum a few thousand rows instead of counting a million.
 */
export const complaintDayCounts = pgTable(
  'complaint_day_counts',
  {
    formId: text('form_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    product: text('product').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.day, t.product] })],
);

/**
 * The same per IMDRF code (empty: complaints with no code yet); a complaint with two codes counts
 * under each. Kept by triggers on submissions and on submission_codes.
 */
export const complaintCodeDayCounts = pgTable(
  'complaint_code_day_counts',
  {
    formId: text('form_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    product: text('product').notNull(),
    code: text('code').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.day, t.product, t.code] }), index('complaint_code_day_counts_code_idx').on(t.formId, t.code, t.day)],
);

/**
 * The per-code counts summed by calendar month (`month`: its first day), kept from
 * complaint_code_day_counts by its own statement triggers: the trend reads a few thousand of
 * these rows a year where the per-day table holds some fifty thousand. The rules' rolling windows
 * read the per-day tables.
 */
export const complaintCodeMonthCounts = pgTable(
  'complaint_code_month_counts',
  {
    formId: text('form_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    product: text('product').notNull(),
    code: text('code').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.month, t.product, t.code] })],
);

/** A signal rule set in advance (docs/features/trends.md); removing one keeps it, with `deleted_at`, for the signals it raised. */
export const signalRules = pgTable(
  'signal_rules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: SIGNAL_RULE_KINDS }).notNull(),
    product: text('product').notNull(),
    code: text('code'),
    windowDays: integer('window_days'),
    count: integer('count'),
    /** Exact decimals: a factor is compared in hundredths. */
    factor: numeric('factor', { precision: 6, scale: 2, mode: 'number' }),
    minCount: integer('min_count'),
    createdById: text('created_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  },
);

/**
 * A rule that fired, with the rule as it was and the counts that fired it; it holds until an
 * evaluation finds the rule no longer met (or the rule changes), and at most one per rule holds
 * at a time, so every instance's evaluation records it, and mails the admins, once.
 */
export const trendSignals = pgTable(
  'trend_signals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ruleId: bigint('rule_id', { mode: 'number' }).notNull().references(() => signalRules.id),
    rule: jsonb('rule').$type<RuleFields>().notNull(),
    formId: text('form_id').notNull(),
    firedAt: timestamp('fired_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The day it fired on the portal's calendar. */
    firedOn: date('fired_on', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    threshold: integer('threshold').notNull(),
    mean: numeric('mean', { precision: 12, scale: 2, mode: 'number' }),
    windowFrom: date('window_from', { mode: 'string' }).notNull(),
    windowTo: date('window_to', { mode: 'string' }).notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('trend_signals_one_holding').on(t.ruleId).where(sql`${t.clearedAt} is null`),
    index('trend_signals_fired_idx').on(t.formId, t.firedOn),
  ],
);
