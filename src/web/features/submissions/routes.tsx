// The list page of this feature; app/router.tsx lazy-loads it by name from this module. The
// details page is a chunk of its own (details-routes.tsx), so the list loads without it.
export { SubmissionsListPage } from './submissions-list-page.tsx';
