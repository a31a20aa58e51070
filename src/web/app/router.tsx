import { type ComponentType, type ReactNode, isValidElement, use } from 'react';
import { Navigate, type RouteObject, createBrowserRouter, matchRoutes } from 'react-router';
import type { Capability } from '#shared/roles';
import { onEnrolmentRequired, onSessionEnded } from '../lib/api-client.ts';
import { RequireAuth, RequireRole } from './guards.tsx';
import { paths } from './paths.ts';
// The sign-in page, the first page of most visits, is part of the app's first script: drawn
// without a second round trip, and none of the other auth pages' code (its size budget, docs/benchmarks.md).
import { LoginPage } from '../features/auth/login-page.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RouteError } from './routes/route-error.tsx';
import { UnauthorizedPage } from './routes/unauthorized.tsx';

/**
 * A page, from the `routes.tsx` module of its feature (its pages, by name): one chunk per feature,
 * loaded when one of its routes is first opened (keeps the login page light).
 *
 * Not `React.lazy`: that suspends on its first render even when its chunk is already here, and a
 * suspended first render shows the loading screen, whose content React then holds back for 300 ms
 * (its reveal throttle). This one renders at once when its chunk has arrived (see `preloadPage`), and
 * suspends with `use` only while it has not. A failed load is tried again on the next render.
 */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const get = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  function LazyPage() {
    const Page = (loaded ?? use(get()))[name] as ComponentType;
    return <Page />;
  }
  loaders.set(LazyPage, get);
  return LazyPage;
}
const loaders = new Map<unknown, () => Promise<unknown>>();

/**
 * The chunks of the page opened first, requested together at start: each lazy page would ask for
 * the next only once it renders (the dashboard layout, then the page in it), one round trip each.
 * Resolves once they are all here (or one failed), so that the first render draws the page at once.
 */
export async function preloadPage(pathname: string): Promise<void> {
  // A route's element is a lazy page, or a guard around one.
  const pageIn = (node: ReactNode): unknown =>
    isValidElement<{ children?: ReactNode }>(node) ? (loaders.has(node.type) ? node.type : pageIn(node.props.children)) : undefined;
  await Promise.all((matchRoutes(routes, pathname) ?? []).map(({ route }) => loaders.get(pageIn(route.element))?.()));
}

const auth = () => import('../features/auth/routes.tsx');
const submissions = () => import('../features/submissions/routes.tsx');

const ResetPasswordPage = lazyPage(auth, 'ResetPasswordPage');
const EmailConfirmationPage = lazyPage(auth, 'EmailConfirmationPage');
const AccountPage = lazyPage(auth, 'AccountPage');
const SsoSignPage = lazyPage(() => import('../features/signatures/routes.tsx'), 'SsoSignPage');
const DashboardLayout = lazyPage(() => import('./layouts/dashboard-layout.tsx'), 'DashboardLayout');
const ConfigurationsLayout = lazyPage(() => import('./routes/configurations-layout.tsx'), 'ConfigurationsLayout');
const DashboardHomePage = lazyPage(() => import('../features/dashboard/routes.tsx'), 'DashboardHomePage');
const SubmissionsListPage = lazyPage(submissions, 'SubmissionsListPage');
const SubmissionDetailsPage = lazyPage(() => import('../features/submissions/details-routes.tsx'), 'SubmissionDetailsPage');
const EditFormPage = lazyPage(() => import('../features/questions/routes.tsx'), 'EditFormPage');
const UsersPage = lazyPage(() => import('../features/users/routes.tsx'), 'UsersPage');
const FieldMappingPage = lazyPage(() => import('../features/field-mapping/routes.tsx'), 'FieldMappingPage');
const EmailConfigPage = lazyPage(() => import('../features/email-config/routes.tsx'), 'EmailConfigPage');
const LogsPage = lazyPage(() => import('../features/logs/routes.tsx'), 'LogsPage');
const AuditPage = lazyPage(() => import('../features/audit/routes.tsx'), 'AuditPage');
const MailPage = lazyPage(() => import('../features/mail/routes.tsx'), 'MailPage');
const IntegrationsPage = lazyPage(() => import('../features/integrations/routes.tsx'), 'IntegrationsPage');
const TrendsPage = lazyPage(() => import('../features/trends/routes.tsx'), 'TrendsPage');

/** Routes only the roles holding `capability` may open (docs/product.md, Roles; src/shared/roles.ts); others go to /unauthorized. */
function only(capability: Capability, children: RouteObject[]): RouteObject {
  return { element: <RequireRole capability={capability} />, children };
}

/** Every route with its guard (docs/product.md, Screens). */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: paths.home, element: <Navigate to={paths.login} replace /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: paths.emailConfirmation, element: <EmailConfirmationPage /> },
      { path: paths.ssoSign, element: <SsoSignPage /> },
      { path: paths.unauthorized, element: <UnauthorizedPage /> },
      {
        path: paths.dashboard,
        element: (
          <RequireAuth>
            <DashboardLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <DashboardHomePage /> },
          { path: paths.account, element: <AccountPage /> },
          only('submissions', [
            { path: paths.jotforms, element: <SubmissionsListPage /> },
            { path: paths.submission, element: <SubmissionDetailsPage /> },
            only('questions', [{ path: paths.jotformsEdit, element: <EditFormPage /> }]),
          ]),
          only('trends', [{ path: paths.trends, element: <TrendsPage /> }]),
          only('users', [{ path: paths.users, element: <UsersPage /> }]),
          only('configurations', [
            {
              path: paths.configurations,
              element: <ConfigurationsLayout />,
              children: [
                { index: true, element: <Navigate to={paths.fieldMapping} replace /> },
                { path: paths.fieldMapping, element: <FieldMappingPage /> },
                { path: paths.emailConfig, element: <EmailConfigPage /> },
              ],
            },
          ]),
          only('logs', [{ path: paths.logs, element: <LogsPage /> }]),
          only('audit', [{ path: paths.audit, element: <AuditPage /> }]),
          only('mail', [{ path: paths.mail, element: <MailPage /> }]),
          only('integrations', [{ path: paths.integrations, element: <IntegrationsPage /> }]),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // A failed token refresh ends at the login page.
  onSessionEnded(() => void router.navigate(paths.login, { replace: true }));
  // A role that needs two-step verification, without it: My account, where it is set up (MFA_REQUIRED_ROLES).
  onEnrolmentRequired(() => {
    if (router.state.location.pathname !== paths.account) void router.navigate(paths.account, { replace: true });
  });
  return router;
}
