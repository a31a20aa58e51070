import { StatusPage } from './status-page.tsx';

/** The 401 page, shown when the role may not open a page. */
export function UnauthorizedPage() {
  return <StatusPage code="401" title="Unauthorized" message="You are not Authorized to access this page." />;
}
