import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { SCREENING_KINDS } from '#shared/contract/triage';

/**
 * The form's screening questions (docs/features/triage.md): one row per kind an admin named, the
 * question's id; a kind without a row is not screened.
 */
export const screeningQuestions = pgTable('screening_questions', {
  kind: text('kind', { enum: SCREENING_KINDS }).primaryKey(),
  qid: text('qid').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: text('updated_by'),
});
