/** What other features may use of submissions: finding one by the key its URLs carry. */
export { findSubmission, type SubmissionDbRow } from './submission-row.ts';
