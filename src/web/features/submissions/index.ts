// The submissions feature's public surface: the reviewed form (the questions and field mappings
// are its form's) and the submission cache other features' writes must refresh.
export { submissionsKeys, useReviewedForm, useSubmissionsList } from './api.ts';
// How the trail reads in words: the audit trail shows submissions' entries as their history does.
export { actionWords, changeValue, fieldLabel } from './history-format.ts';
