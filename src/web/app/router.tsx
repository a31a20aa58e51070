import { type ComponentType, lazy } from 'react';
import { Navigate, type RouteObject, createBrowserRouter } from 'react-router';
import { onSessionEnded } from '../lib/api-client.ts';
import { RequireAuth, RequireRole } from './guards.tsx';
import { paths } from './paths.ts';
import { ConfigurationsLayout } from './routes/configurations-layout.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RouteError } from './routes/route-error.tsx';
import { UnauthorizedPage } from './routes/unauthorized.tsx';

/** One chunk per page module, loaded when its route is first opened (keeps the login page light). */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LoginPage = lazyPage(() => import('../features/auth/login-page.tsx'), 'LoginPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/placeholder-pages.tsx'), 'ResetPasswordPage');
const EmailConfirmationPage = lazyPage(() => import('../features/auth/placeholder-pages.tsx'), 'EmailConfirmationPage');
const DashboardLayout = lazyPage(() => import('./layouts/dashboard-layout.tsx'), 'DashboardLayout');
const DashboardHomePage = lazyPage(() => import('../features/dashboard/dashboard-home-page.tsx'), 'DashboardHomePage');
const SubmissionsListPage = lazyPage(() => import('../features/submissions/routes.tsx'), 'SubmissionsListPage');
const SubmissionDetailsPage = lazyPage(() => import('../features/submissions/routes.tsx'), 'SubmissionDetailsPage');
const EditFormPage = lazyPage(() => import('../features/questions/routes.tsx'), 'EditFormPage');
const UsersPage = lazyPage(() => import('../features/users/users-page.tsx'), 'UsersPage');
const FieldMappingPage = lazyPage(() => import('../features/field-mapping/routes.tsx'), 'FieldMappingPage');
const EmailConfigPage = lazyPage(() => import('../features/email-config/routes.tsx'), 'EmailConfigPage');
const LogsPage = lazyPage(() => import('../features/logs/logs-page.tsx'), 'LogsPage');
const AccountPage = lazyPage(() => import('../features/auth/account-page.tsx'), 'AccountPage');
const MailPage = lazyPage(() => import('../features/mail/routes.tsx'), 'MailPage');

/** Spec §2, every route with its guard (roles from src/shared/roles.ts capabilities). */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: paths.home, element: <Navigate to={paths.login} replace /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: paths.emailConfirmation, element: <EmailConfirmationPage /> },
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
          {
            path: paths.jotforms,
            element: <RequireRole capability="submissions" />,
            children: [
              { index: true, element: <SubmissionsListPage /> },
              {
                path: paths.jotformsEdit,
                element: (
                  <RequireRole capability="questions">
                    <EditFormPage />
                  </RequireRole>
                ),
              },
              { path: paths.submission, element: <SubmissionDetailsPage /> },
            ],
          },
          {
            path: paths.users,
            element: (
              <RequireRole capability="users">
                <UsersPage />
              </RequireRole>
            ),
          },
          {
            path: paths.configurations,
            element: (
              <RequireRole capability="configurations">
                <ConfigurationsLayout />
              </RequireRole>
            ),
            children: [
              { index: true, element: <Navigate to={paths.fieldMapping} replace /> },
              { path: paths.fieldMapping, element: <FieldMappingPage /> },
              { path: paths.emailConfig, element: <EmailConfigPage /> },
            ],
          },
          { path: paths.account, element: <AccountPage /> },
          {
            path: paths.logs,
            element: (
              <RequireRole capability="logs">
                <LogsPage />
              </RequireRole>
            ),
          },
          {
            path: paths.mail,
            element: (
              <RequireRole capability="mail">
                <MailPage />
              </RequireRole>
            ),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  // Spec §7: a failed token refresh ends at the login page.
  onSessionEnded(() => void router.navigate(paths.login, { replace: true }));
  return router;
}
