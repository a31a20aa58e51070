import { type SQL, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
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
  reportingCategories: submissions.reportingCategories,
  reportingRegimes: submissions.reportingRegimes,
  reportingReports: submissions.reportingReports,
  reportingRationaleMissing: submissions.reportingRationaleMissing,
  ownerId: submissions.ownerId,
  closedAt: submissions.closedAt,
  product: submissions.product,
  model: submissions.model,
  lot: submissions.lot,
  udi: submissions.udi,
  potentialReportableAt: submissions.potentialReportableAt,
} satisfies { [K in keyof SubmissionDbRow]?: (typeof submissions)[K] };
export type SubmissionRowColumns = Pick<SubmissionDbRow, keyof typeof ROW_COLUMNS>;

/**
 * The SQL of whether anyone has opened the submission `id` (an SQL expression) in its details: its
 * 'viewed' audit entries, one index lookup. A scalar subquery, not EXISTS: PostgreSQL costs a list
 * page's EXISTS for every row the filters match, not the page's ten, and then reads every 'viewed'
 * entry into a hash on each page (milliseconds with a real audit trail); a scalar subquery is
 * looked up row by row.
 */
export const openedOf = (id: string) =>
  `coalesce((select true from audit_events a where a.entity_id = ${id} and a.entity = 'submission' and a.action = 'viewed' limit 1), false)`;
/** `openedOf` a row of `submissions`, written out: inside a select drizzle names columns without their table, and both tables have an id. */
export const OPENED = sql<boolean>`${sql.raw(openedOf('submissions.id'))}`;

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
