import { bigint, bigserial, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CATEGORIES, type Category, DECISIONS, REGIMES, type Regime } from '#shared/contract/reporting';
import type { DatedOutcome } from '#shared/reporting/assessment';
import { submissions } from './submissions.ts';

/**
 * Follow-up notes written up to migration 0011, kept as written and append-only (a trigger refuses
 * UPDATE and DELETE). Since then a note is its audit entry (decision 034); 0011 gave every note here one.
 */
export const followupNotes = pgTable(
  'followup_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    submissionId: text('submission_id').notNull().references(() => submissions.id),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    authorId: text('author_id'),
    /** The author's e-mail then, kept if the user is later deleted. */
    authorEmail: text('author_email'),
  },
  (t) => [index('followup_notes_submission_idx').on(t.submissionId, t.at, t.id)],
);

/**
 * Reportability assessments: the answers to a version of the questions, the outcome they gave and
 * the awareness date it counted from, with who answered. Append-only: a new assessment (new
 * information) keeps the old one, and a new version of the questions never changes one.
 */
export const reportabilityAssessments = pgTable(
  'reportability_assessments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    submissionId: text('submission_id').notNull().references(() => submissions.id),
    version: integer('version').notNull(),
    answers: jsonb('answers').$type<Record<string, boolean>>().notNull(),
    outcomes: jsonb('outcomes').$type<DatedOutcome[]>().notNull(),
    awareDate: date('aware_date', { mode: 'string' }).notNull(),
    /** Why the awareness date differs from the derived become-aware date (null: it is that date). */
    awareDateReason: text('aware_date_reason'),
    assessedAt: timestamp('assessed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    assessedBy: text('assessed_by'),
    assessedByEmail: text('assessed_by_email'),
  },
  (t) => [index('reportability_assessments_submission_idx').on(t.submissionId, t.assessedAt, t.id)],
);

/** Reportability decisions with their rationale and decider; append-only, the newest is current. */
export const reportabilityDecisions = pgTable(
  'reportability_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    submissionId: text('submission_id').notNull().references(() => submissions.id),
    decision: text('decision', { enum: DECISIONS }).notNull(),
    /** Null for a decision made through the mark-reportable call. */
    rationale: text('rationale'),
    regimes: text('regimes', { enum: REGIMES }).array().notNull(),
    category: text('category', { enum: CATEGORIES }),
    /** Each regime's own category, when the decision follows an assessment's outcome (null: `category` for every regime). */
    categories: jsonb('categories').$type<Partial<Record<Regime, Category>>>(),
    /** The assessment this decision finalises, if any. */
    assessmentId: bigint('assessment_id', { mode: 'number' }).references(() => reportabilityAssessments.id),
    /** Why the decision differs from that assessment's outcome (required then). */
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    decidedBy: text('decided_by'),
    decidedByEmail: text('decided_by_email'),
  },
  (t) => [index('reportability_decisions_submission_idx').on(t.submissionId, t.decidedAt, t.id)],
);

/** Reports filed with an authority (MedWatch, EUDAMED …); each closes a regime's clock. Append-only. */
export const filedReports = pgTable(
  'filed_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    submissionId: text('submission_id').notNull().references(() => submissions.id),
    regime: text('regime', { enum: REGIMES }).notNull(),
    reportedOn: date('reported_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    filedAt: timestamp('filed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    filedBy: text('filed_by'),
    filedByEmail: text('filed_by_email'),
  },
  (t) => [index('filed_reports_submission_idx').on(t.submissionId, t.filedAt, t.id)],
);
