import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../ui/button.tsx';
import { NotFoundPage } from './not-found.tsx';
import { StatusPage } from './status-page.tsx';

/** A chunk of an older build is gone after a deploy: a reload fetches the new one. */
function isStaleChunk(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
}

/** Route error boundary: a failed page never leaves a blank screen. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const stale = isStaleChunk(error);
  return (
    <StatusPage
      title={stale ? 'A new version is available' : 'Something went wrong'}
      message={stale ? 'The portal was updated. Reload the page to continue.' : 'The page could not be shown. Reload to try again; if it keeps happening, tell the portal administrator.'}
      action={<Button onClick={() => window.location.reload()}>Reload</Button>}
    />
  );
}
