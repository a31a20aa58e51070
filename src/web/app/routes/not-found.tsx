import { StatusPage } from './status-page.tsx';

/** Any other path. */
export function NotFoundPage() {
  return <StatusPage code="404" title="Page not found" message="Sorry, we couldn’t find the page you’re looking for." />;
}
