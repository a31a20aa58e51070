import { bigserial, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CATEGORIES, DECISIONS, REGIMES } from '#shared/contract/reporting';
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
