import { type SQL, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/unit-of-work.ts';
import { submissions } from '../../db/schema/index.ts';

export type SubmissionDbRow = typeof submissions.$inferSelect;

/**
 * The columns a list row is made of (toSubmissionRow): all but the answers and the bookkeeping.
 * The list and the follow-up save read only these, not the answers (the largest column).
 */
export const ROW_COLUMNS = {
  id: submissions.id,
  formId: submissions.formId,
  ip: submissions.ip,
  createdAtJf: submissions.createdAtJf,
  updatedAtJf: submissions.updatedAtJf,
  submissionDate: submissions.submissionDate,
  submitter: submissions.submitter,
  status: submissions.status,
  submissionStatus: submissions.submissionStatus,
  isNew: submissions.isNew,
  flag: submissions.flag,
  notes: submissions.notes,
  becomeAwareDate: submissions.becomeAwareDate,
  investigationDeadline: submissions.investigationDeadline,
  reportable: submissions.reportable,
  chNumber: submissions.chNumber,
  chTitle: submissions.chTitle,
  followup: submissions.followup,
  followupAttempts: submissions.followupAttempts,
  emailDelivered: submissions.emailDelivered,
  transferError: submissions.transferError,
  denyReason: submissions.denyReason,
  reportingDecision: submissions.reportingDecision,
  reportingCategory: submissions.reportingCategory,
  reportingRegimes: submissions.reportingRegimes,
  reportingReports: submissions.reportingReports,
  reportingRationaleMissing: submissions.reportingRationaleMissing,
  ownerId: submissions.ownerId,
} satisfies { [K in keyof SubmissionDbRow]?: (typeof submissions)[K] };
export type SubmissionRowColumns = Pick<SubmissionDbRow, keyof typeof ROW_COLUMNS>;

/**
 * Whether anyone has opened the submission's details (its 'viewed' audit entries, one index
 * lookup). Written out: inside a select drizzle names columns without their table, and both
 * tables have an id.
 */
export const OPENED = sql<boolean>`exists (select 1 from audit_events a where a.entity_id = submissions.id and a.entity = 'submission' and a.action = 'viewed')`;

/**
 * A submission by its JotForm id, else by its CH number: URLs accept both (docs/product.md, The API). With `lock`,
 * the row stays locked until the change's transaction `q` ends, so the change is decided on it.
 */
export async function findSubmission(q: Queryable, idOrChNumber: string, lock = false): Promise<SubmissionDbRow | undefined> {
  const one = async (where: SQL) => {
    const query = q.select().from(submissions).where(where).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  };
  return (await one(eq(submissions.id, idOrChNumber))) ?? (await one(eq(submissions.chNumber, idOrChNumber)));
}
