// app/router.tsx lazy-loads these two pages by name from this module.
export { SubmissionsListPage } from './submissions-list-page.tsx';
export { SubmissionDetailsPage } from './submission-details-page.tsx';
