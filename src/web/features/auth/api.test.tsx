import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { session } from '../../lib/session.ts';
import { useSignOut } from './api.ts';

function SignOutButton() {
  const { signOut } = useSignOut();
  return <button onClick={() => void signOut()}>Sign out</button>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

it.each([
  ['succeeds', () => Promise.resolve(new Response(null, { status: 204 }))],
  ['fails', () => Promise.reject(new TypeError('Failed to fetch'))],
])('signing out ends the session and opens the login page when the logout call %s', async (_, answer) => {
  const fetch = vi.fn(answer);
  vi.stubGlobal('fetch', fetch);
  session.signIn({ accessToken: 'a', refreshToken: 'r1', user: { id: 'u', name: 'A', email: 'a@example.com', role: 'admin', permissions: [], isRestricted: false, lastLogin: null, createdAt: 'x' } });
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <SignOutButton /> },
      { path: '/auth/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(await screen.findByText('login page')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  expect(session.get()).toBeNull();
  expect(fetch).toHaveBeenCalledWith('/v1/auth/logout', expect.objectContaining({ method: 'POST', body: JSON.stringify({ refreshToken: 'r1' }) }));
});
