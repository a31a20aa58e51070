import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { authApi } from '#shared/contract/auth';
import { session } from '../../lib/session.ts';
import { renderPage } from '../../test-support/render.tsx';
import { fakeServer, networkError, on } from '../../test-support/server.ts';
import { useSignOut } from './api.ts';

function SignOutButton() {
  const { signOut } = useSignOut();
  return <button onClick={() => void signOut()}>Sign out</button>;
}


it.each([
  ['succeeds', () => null],
  ['fails', networkError],
])('signing out ends the session and opens the login page when the logout call %s', async (_, reply) => {
  const server = fakeServer(on(authApi.logout, reply));
  session.signIn({ accessToken: 'a', refreshToken: 'r1', user: { id: 'u', name: 'A', email: 'a@example.com', role: 'admin', permissions: [], isRestricted: false, lastLogin: null, createdAt: 'x' } });
  const router = renderPage('/dashboard', <SignOutButton />, [{ path: '/auth/login', element: <p>login page</p> }]);
  await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(await screen.findByText('login page')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  expect(session.get()).toBeNull();
  expect(server.callsTo('POST', '/v1/auth/logout').map((c) => c.body)).toEqual([{ refreshToken: 'r1' }]);
});
