import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { COMPLAINT_FIELDS } from '#shared/contract/field-mapping';
import { IMDRF_ANNEXES } from '#shared/contract/imdrf';
import { submissions } from './submissions.ts';

/**
 * Which form question gives each complaint field (product, model, lot or serial number, UDI):
 * one row per field named on the field-mapping screen; a field without a row is not read.
 */
export const complaintFieldQuestions = pgTable('complaint_field_questions', {
  field: text('field', { enum: COMPLAINT_FIELDS }).primaryKey(),
  qid: text('qid').notNull(),
  updatedById: text('updated_by_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A complaint's IMDRF codes, the current set (what was added and removed is in the audit trail):
 * each with its annex (the code's first letter), the release of the terminology it was chosen
 * from, and who chose it when. A code kept through a later change keeps its release and coder.
 */
export const submissionCodes = pgTable(
  'submission_codes',
  {
    submissionId: text('submission_id').notNull().references(() => submissions.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    annex: text('annex', { enum: IMDRF_ANNEXES }).notNull(),
    release: text('release').notNull(),
    codedById: text('coded_by_id'),
    codedByEmail: text('coded_by_email'),
    codedAt: timestamp('coded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.submissionId, t.code] }),
    // Complaints with a code (trends, similar complaints): an index walk from the code.
    index('submission_codes_code_idx').on(t.code, t.submissionId),
  ],
);
