import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authApi } from '#shared/contract/auth';
import { session } from '../../lib/session.ts';
import { renderAt, renderPage } from '../../test-support/render.tsx';
import { failure, fakeServer, on } from '../../test-support/server.ts';
import { LoginPage, validateLogin } from './login-page.tsx';

const renderLogin = () =>
  renderPage('/auth/login', <LoginPage />, [
    { path: '/auth/reset-password', element: <p>reset page</p> },
    { path: '/dashboard', element: <p>dashboard</p> },
  ]);


describe('LoginPage', () => {
  it('validates email format and a required password without calling the server', async () => {
    const server = fakeServer();
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/email/i), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    // Only the sign-in options were asked for.
    expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it("shows the server's message under the fields", async () => {
    fakeServer(on(authApi.login, () => failure(401, { code: 'unauthorized', message: 'Incorrect email or password.' })));
    renderLogin();
    await userEvent.type(screen.getByLabelText(/email/i), 'a@example.com');
    await userEvent.type(screen.getByLabelText(/password/i), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    expect(session.get()).toBeNull();
  });

  it('says why a single sign-on could not start, for the reasons it knows only; the address is cleaned', async () => {
    fakeServer();
    renderAt('/auth/login?sso_error=unreachable', [{ path: '/auth/login', element: <LoginPage /> }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in service could not be reached. Try again in a moment.');
  });

  it('shows nothing for a reason it does not know', async () => {
    fakeServer();
    renderAt('/auth/login?sso_error=toString', [{ path: '/auth/login', element: <LoginPage /> }]);
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('redirects to /dashboard when an access token exists', async () => {
    session.signIn({ accessToken: 'a', refreshToken: 'r', user: { id: 'u', name: 'A', email: 'a@example.com', role: 'member', permissions: [], isRestricted: false, lastLogin: null, createdAt: 'x' } });
    const router = renderLogin();
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('says why when the app brought the person here (an ended or idle session)', async () => {
    session.end('Your session ended after 60 minutes without activity. Please sign in again.');
    renderLogin();
    expect(screen.getByRole('status')).toHaveTextContent('Your session ended after 60 minutes without activity. Please sign in again.');
  });

  it('shows no notice on a plain visit, and links to the reset-password page', async () => {
    const router = renderLogin();
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    expect(router.state.location.pathname).toBe('/auth/reset-password');
  });

  it('accepts a well-formed email and any password', () => {
    expect(validateLogin('a@example.com', 'x')).toEqual({});
    expect(validateLogin('', '')).toEqual({ email: 'Email is required.', password: 'Password is required.' });
  });
});
