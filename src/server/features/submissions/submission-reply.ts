import type { Submission, SubmissionRow } from '#shared/contract/submissions';
import { type ReportingSettings, reportingFieldsOf } from '../reporting/index.ts';
import { orderedAnswers } from './submission-mapper.ts';
import type { SubmissionDbRow, SubmissionRowColumns } from './submission-row.ts';

/** What turning a stored row into a reply needs beyond the row: the clock settings and today. */
export interface RowContext {
  settings: ReportingSettings;
  /** YYYY-MM-DD in the JotForm account's time zone. */
  today: string;
  /** The names of the rows' owners, by user id. */
  ownerNames?: ReadonlyMap<string, string>;
}

/** `opened`: whether anyone opened its details page (docs/product.md, List and CSV). */
export function toSubmissionRow(r: SubmissionRowColumns & { opened: boolean }, ctx: RowContext): SubmissionRow {
  const fields = reportingFieldsOf(r, ctx.settings, ctx.today);
  return {
    id: r.id,
    submissionId: r.id,
    form_id: r.formId,
    ip: r.ip,
    created_at: r.createdAtJf,
    updated_at: r.updatedAtJf,
    submissionDate: r.submissionDate.toISOString(),
    submitter: r.submitter,
    status: r.status,
    submissionStatus: r.submissionStatus,
    new: r.isNew,
    flag: r.flag,
    notes: r.notes,
    becomeAwareDate: r.becomeAwareDate,
    investigationDeadline: r.investigationDeadline,
    reportable: r.reportable,
    chNumber: r.chNumber,
    chTitle: r.chTitle,
    followup: r.followup,
    followupAttempts: r.followupAttempts,
    emailDelivered: r.emailDelivered,
    transferError: r.transferError,
    denyReason: r.denyReason,
    rationaleMissing: r.reportingRationaleMissing,
    opened: r.opened,
    owner: r.ownerId ? { id: r.ownerId, name: ctx.ownerNames?.get(r.ownerId) ?? r.ownerId } : null,
    closed: r.closedAt !== null,
    product: r.product,
    model: r.model,
    lot: r.lot,
    udi: r.udi,
    potentialReportable: r.potentialReportableAt !== null,
    reportingClocks: fields.reportingClocks,
    reportingDue: fields.reportingDue,
    clock: fields.clock,
    decision: fields.decision,
  };
}

/** The details page's reply: opened, by the one reading it. */
export function toSubmission(r: SubmissionDbRow, ctx: RowContext): Submission {
  return { ...toSubmissionRow({ ...r, opened: true }, ctx), answers: orderedAnswers(r.answers) };
}

export interface RowRepliesDeps {
  /** The names of users by id (the rows' owners). */
  userNames(ids: string[]): Promise<ReadonlyMap<string, string>>;
  /** Whether anyone has opened the submission's details page. */
  opened(id: string): Promise<boolean>;
  settings: ReportingSettings;
  /** Today on the JotForm account's calendar. */
  today(): string;
}

/** Rows as the list shows them, with what they need beyond the row: today, the clock settings, their owners' names. */
export function createRowReplies(d: RowRepliesDeps) {
  /** The context for replying with `rows` as of `day` (today by default), with their owners' names. */
  async function context(rows: readonly { ownerId: string | null }[], day = d.today()): Promise<RowContext> {
    const ids = [...new Set(rows.flatMap((r) => (r.ownerId ? [r.ownerId] : [])))];
    return { settings: d.settings, today: day, ownerNames: await d.userNames(ids) };
  }
  return {
    context,
    /** A written row as the list shows it, "new" and its owner included. */
    row: async (r: SubmissionRowColumns & { opened?: boolean }): Promise<SubmissionRow> => toSubmissionRow({ ...r, opened: r.opened ?? (await d.opened(r.id)) }, await context([r])),
  };
}
export type RowReplies = ReturnType<typeof createRowReplies>;
