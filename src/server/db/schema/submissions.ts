import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { CATEGORIES, type Category, DECISIONS, REGIMES, type Regime } from '#shared/contract/reporting';
import { SUBMISSION_STATUSES } from '#shared/contract/submissions';
import { SCREENING_KINDS } from '#shared/contract/triage';
import type { JotformAnswer } from '#shared/jotform-answer';
import { users } from './users.ts';

export { SUBMISSION_STATUSES, type SubmissionStatus } from '#shared/contract/submissions';


/**
 * A JotForm submission plus our workflow fields. JotForm fields are refreshed by sync;
 * workflow fields (submission_status … deny_reason) are ours and never touched by sync.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: text('id').primaryKey(),
    formId: text('form_id').notNull(),
    ip: text('ip').notNull().default(''),
    createdAtJf: text('jf_created_at').notNull(),
    updatedAtJf: text('jf_updated_at'),
    status: text('status').notNull().default('ACTIVE'),
    isNew: text('is_new').notNull().default('0'),
    flag: text('flag').notNull().default('0'),
    notes: text('notes').notNull().default(''),
    /** JotForm's `answers`, keyed by qid. */
    answers: jsonb('answers').$type<Record<string, JotformAnswer>>().notNull().default(sql`'{}'::jsonb`),
    submissionDate: timestamp('submission_date', { withTimezone: true, mode: 'date' }).notNull(),
    submitter: text('submitter').notNull().default(''),
    submitterSearch: text('submitter_search').notNull().default(''),
    becomeAwareDate: date('become_aware_date', { mode: 'string' }).notNull(),
    /**
     * The awareness date a handler set, with a reason, in an assessment: it is the become-aware
     * date from then on, and a re-sync keeps it (null: derived from the form).
     */
    awareDateOverride: date('aware_date_override', { mode: 'string' }),
    investigationDeadline: date('investigation_deadline', { mode: 'string' }).notNull(),
    submissionStatus: text('submission_status', { enum: SUBMISSION_STATUSES }).notNull().default('Pending Review'),
    reportable: boolean('reportable').notNull().default(false),
    emailDelivered: boolean('email_delivered').notNull().default(false),
    followup: text('followup'),
    /** How many follow-up notes the submission has (good-faith attempts), counted as each is saved. */
    followupAttempts: integer('followup_attempts').notNull().default(0),
    chNumber: text('ch_number'),
    chTitle: text('ch_title'),
    arenaGuid: text('arena_guid'),
    transferError: text('transfer_error'),
    /**
     * Set while a quality-process transfer runs (the claim that keeps two calls from creating two
     * processes); cleared when it ends. A claim older than the transfer's stale timeout is void.
     */
    transferStartedAt: timestamp('transfer_started_at', { withTimezone: true, mode: 'date' }),
    denyReason: text('deny_reason'),
    /**
     * The reporting clocks' inputs and result, kept in the same transaction as every change that
     * affects them (decision 022): the current decision (null: undecided), its category and regimes
     * (null: REPORTING_REGIMES), the earliest reported-on date per regime, and the earliest due
     * date of a clock still open (null: none open), which the clock filters and counts read.
     */
    reportingDecision: text('reporting_decision', { enum: DECISIONS }),
    reportingCategory: text('reporting_category', { enum: CATEGORIES }),
    /** The current decision's category per regime, when it follows an assessment (empty: `reporting_category` for all). */
    reportingCategories: jsonb('reporting_categories').$type<Partial<Record<Regime, Category>>>().notNull().default(sql`'{}'::jsonb`),
    reportingRegimes: text('reporting_regimes', { enum: REGIMES }).array(),
    reportingReports: jsonb('reporting_reports').$type<Partial<Record<Regime, string>>>().notNull().default(sql`'{}'::jsonb`),
    reportingDue: date('reporting_due', { mode: 'string' }),
    /** The current decision is reportable and has no rationale (made through mark-reportable); cleared by a decision with one. */
    reportingRationaleMissing: boolean('reporting_rationale_missing').notNull().default(false),
    /** The one user who owns the complaint (docs/product.md, Owners); null: nobody. */
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the complaint was closed (docs/features/signatures.md); null while it is open. Its own fact beside the workflow status. */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /**
     * Complaint fields, read from the form questions named for them (docs/features/coding.md) at
     * every import and filled in again when the questions named change; null: no answer or none named.
     */
    product: text('product'),
    model: text('model'),
    /** The lot or the serial number. */
    lot: text('lot'),
    udi: text('udi'),
    /**
     * When the import found a yes to one of the form's screening questions (docs/features/triage.md):
     * a potential reportable event from then on; null: none found. Set once, never cleared.
     */
    potentialReportableAt: timestamp('potential_reportable_at', { withTimezone: true, mode: 'date' }),
    /** The screening kinds answered yes when it was flagged (death, injury, malfunction). */
    potentialReportableKinds: text('potential_reportable_kinds', { enum: SCREENING_KINDS }).array(),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('submissions_form_date_idx').on(t.formId, t.submissionDate, t.id),
    index('submissions_form_bad_idx').on(t.formId, t.becomeAwareDate, t.id),
    index('submissions_status_idx').on(t.submissionStatus, t.investigationDeadline),
    // One index per sortable column, so any sorted first page is an index walk.
    index('submissions_form_submitter_idx').on(t.formId, t.submitter, t.id),
    index('submissions_form_status_idx').on(t.formId, t.submissionStatus, t.id),
    index('submissions_form_deadline_idx').on(t.formId, t.investigationDeadline, t.id),
    index('submissions_form_reportable_idx').on(t.formId, t.reportable, t.id),
    index('submissions_form_ch_number_idx').on(t.formId, t.chNumber, t.id),
    // A URL may name a submission by its CH number alone (docs/product.md, The API): found without a scan.
    index('submissions_ch_number_idx').on(t.chNumber).where(sql`${t.chNumber} is not null`),
    index('submissions_form_ch_title_idx').on(t.formId, t.chTitle, t.id),
    index('submissions_form_followup_idx').on(t.formId, t.followup, t.id),
    index('submissions_form_delivered_idx').on(t.formId, t.emailDelivered, t.id),
    // The clock and decision filters and the dashboard's clock cards (decision 022).
    index('submissions_form_reporting_due_idx').on(t.formId, t.reportingDue, t.id).where(sql`${t.reportingDue} is not null`),
    index('submissions_form_decision_idx').on(t.formId, t.reportingDecision, t.id),
    // The rationale-missing filter and the dashboard card that counts it.
    index('submissions_form_rationale_missing_idx').on(t.formId, t.id).where(sql`${t.reportingRationaleMissing}`),
    // The owner filter, the "Assigned to me" card and the daily reminders.
    index('submissions_form_owner_idx').on(t.formId, t.ownerId, t.id),
    // The list's closed filter; open complaints are most rows and walk the sort indexes.
    index('submissions_form_closed_idx').on(t.formId, t.id).where(sql`${t.closedAt} is not null`),
    // The complaint-field filters of the list (most rows of a form without the fields stay out of them).
    index('submissions_form_product_idx').on(t.formId, t.product, t.id).where(sql`${t.product} is not null`),
    index('submissions_form_model_idx').on(t.formId, t.model, t.id).where(sql`${t.model} is not null`),
    index('submissions_form_lot_idx').on(t.formId, t.lot, t.id).where(sql`${t.lot} is not null`),
    index('submissions_form_udi_idx').on(t.formId, t.udi, t.id).where(sql`${t.udi} is not null`),
    // The triage filter and the dashboard card of potential reportable events.
    index('submissions_form_potential_idx').on(t.formId, t.id).where(sql`${t.potentialReportableAt} is not null`),
  ],
);

/** Key/value state for background work (the JotForm sync cursor). */
export const syncState = pgTable('sync_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Submission counts per form, become-aware date and status, kept by a trigger, so list totals
 * are a sum over a few hundred rows instead of a count over the whole table.
 */
export const submissionDayCounts = pgTable(
  'submission_day_counts',
  {
    formId: text('form_id').notNull(),
    becomeAwareDate: date('become_aware_date', { mode: 'string' }).notNull(),
    submissionStatus: text('submission_status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.becomeAwareDate, t.submissionStatus] })],
);
