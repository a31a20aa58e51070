/** What other features may use of submissions: finding one by the key its URLs carry, and its reporting clocks. */
export { actorOf, findSubmission, type SubmissionDbRow } from './submissions.repo.ts';
export { type ClockColumns, type ReportingSettings, reportingDueOf, reportingFieldsOf } from './reporting-fields.ts';
