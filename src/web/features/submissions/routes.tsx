// The pages of this feature; app/router.tsx lazy-loads them by name from this module.
export { SubmissionsListPage } from './submissions-list-page.tsx';
export { SubmissionDetailsPage } from './submission-details-page.tsx';
