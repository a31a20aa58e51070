import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../test-support/render.tsx';
import { RequireAuth, RequireRole } from './guards.tsx';
import { paths } from './paths.ts';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.login, element: <p>login page</p> },
      { path: paths.unauthorized, element: <p>unauthorized page</p> },
      {
        path: paths.dashboard,
        element: <RequireAuth />,
        children: [
          { index: true, element: <p>dashboard home</p> },
          {
            path: paths.users,
            element: (
              <RequireRole capability="users">
                <p>users page</p>
              </RequireRole>
            ),
          },
          {
            path: paths.logs,
            element: (
              <RequireRole roles={['admin']} permissions={['logs:read']}>
                <p>logs page</p>
              </RequireRole>
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}


describe('RequireAuth', () => {
  it('sends a visitor without a token to the login page', async () => {
    const router = renderAt(paths.users);
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('lets a signed-in user in', async () => {
    signInAs('member');
    renderAt(paths.dashboard);
    expect(await screen.findByText('dashboard home')).toBeInTheDocument();
  });
});

describe('RequireRole', () => {
  it('sends a role outside the capability to /unauthorized', async () => {
    signInAs('staff');
    const router = renderAt(paths.users);
    expect(await screen.findByText('unauthorized page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });

  it.each(['admin', 'super_admin'] as const)('lets %s open the Users page', async (role) => {
    signInAs(role);
    renderAt(paths.users);
    expect(await screen.findByText('users page')).toBeInTheDocument();
  });

  it('requires every listed permission', async () => {
    signInAs('admin', []);
    renderAt(paths.logs);
    expect(await screen.findByText('unauthorized page')).toBeInTheDocument();
  });

  it('passes when the role and all permissions match', async () => {
    signInAs('admin', ['logs:read', 'other']);
    renderAt(paths.logs);
    expect(await screen.findByText('logs page')).toBeInTheDocument();
  });
});
