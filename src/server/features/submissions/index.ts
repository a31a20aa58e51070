/** What other features may use of submissions: finding one by the key its URLs carry. */
export { findSubmission } from './submissions.repo.ts';
