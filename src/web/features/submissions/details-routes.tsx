// The details page of this feature, lazy-loaded by app/router.tsx apart from the list.
export { SubmissionDetailsPage } from './submission-details-page.tsx';
