import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { authApi } from '#shared/contract/auth';
import { renderPage } from '../../test-support/render.tsx';
import { fakeServer, on } from '../../test-support/server.ts';
import { useProfile } from './api.ts';
import { GeneratedPasswordBanner } from './password-banner.tsx';

const user = { id: 'u1', name: 'Portal Administrator', email: 'admin@example.com', role: 'super_admin' as const, permissions: [], isRestricted: false, lastLogin: null, createdAt: '2025-01-01T00:00:00.000Z' };
const serve = (passwordGenerated: boolean) => fakeServer(on(authApi.profile, () => ({ user, passwordGenerated })));

it('asks the first super_admin to replace a generated password, linking to My account', async () => {
  serve(true);
  const router = renderPage('/dashboard', <GeneratedPasswordBanner />, [{ path: '/dashboard/account', element: <p>account page</p> }]);
  expect(await screen.findByText('Your password was generated when the portal was first started.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Change password' }));
  expect(router.state.location.pathname).toBe('/dashboard/account');
});

/** Shows when the profile the banner reads has arrived. */
function ProfileLoaded() {
  return useProfile().data ? <p>profile loaded</p> : null;
}

it('says nothing once the password is the user’s own', async () => {
  serve(false);
  renderPage(
    '/dashboard',
    <>
      <GeneratedPasswordBanner />
      <ProfileLoaded />
    </>,
  );
  expect(await screen.findByText('profile loaded')).toBeInTheDocument();
  expect(screen.queryByText(/Your password was generated/)).toBeNull();
});
