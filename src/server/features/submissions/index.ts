/** What other features may use of submissions: finding one by the key its URLs carry, and the audit action its follow-up notes are written under. */
export { findSubmission, type SubmissionDbRow } from './submission-row.ts';
export { FOLLOWUP_ACTION } from './followups.repo.ts';
export { refuseClosed } from './closed.ts';
export { type ComplaintQids, backfillComplaintFields, complaintQids } from './complaint-fields.ts';
