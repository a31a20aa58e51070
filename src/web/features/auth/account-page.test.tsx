import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type SessionInfo, authApi } from '#shared/contract/auth';
import { mfaApi } from '#shared/contract/auth-mfa';
import { mailApi } from '#shared/contract/mail';
import { session } from '../../lib/session.ts';
import { renderPage } from '../../test-support/render.tsx';
import { type Reply, failure, fakeServer, on } from '../../test-support/server.ts';
import { AccountPage } from './account-page.tsx';

const user = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'staff' as const, permissions: [], isRestricted: false, lastLogin: '2025-06-02T07:30:00.000Z', createdAt: '2025-01-01T00:00:00.000Z' };
const SESSIONS: SessionInfo[] = [
  { id: 's1', createdAt: '2025-06-02T07:30:00.000Z', lastSeenAt: '2025-06-02T08:00:00.000Z', ipAddress: '10.0.0.5', userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', method: 'password+totp', current: true },
  { id: 's2', createdAt: '2025-06-01T12:00:00.000Z', lastSeenAt: '2025-06-01T12:30:00.000Z', ipAddress: '203.0.113.9', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Version/17.5 Mobile/15E148 Safari/604.1', method: 'password', current: false },
];

function serve(sessions = SESSIONS, password: () => Reply<typeof authApi.changePassword> = () => null) {
  return fakeServer(
    on(authApi.profile, () => ({ user, passwordGenerated: false })),
    on(authApi.sessions, () => ({ results: sessions })),
    on(mfaApi.status, () => ({ enabled: false, recoveryCodesLeft: 0, viaProvider: false, required: false, passwordSignIn: true, providerProof: false })),
    on(authApi.changePassword, password),
    on(authApi.endOtherSessions, () => null),
    on(authApi.endSession, () => null, { params: { sessionId: 's2' } }),
    on(mailApi.reminderSetting, () => ({ digest: true })),
    on(mailApi.setReminderSetting, async ({ request }) => (await request.json()) as { digest: boolean }),
  );
}

beforeEach(() => session.signIn({ accessToken: 'a', refreshToken: 'r', user }));

describe('AccountPage', { timeout: 30_000 }, () => {
  it('shows name, email, role and last sign-in, and the sessions with this device marked', async () => {
    serve();
    renderPage('/dashboard/account', <AccountPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(profile).toHaveTextContent('Ada Lovelace');
    expect(profile).toHaveTextContent('ada@example.com');
    expect(profile).toHaveTextContent('Staff');
    expect(profile).toHaveTextContent(/Last sign-in\s*2025-06-0\d \d\d:\d\d/);
    const here = await screen.findByRole('listitem', { name: 'Firefox on Linux' });
    expect(here).toHaveTextContent('This device');
    expect(here).toHaveTextContent('with password and authenticator app');
    expect(within(here).queryByRole('button')).toBeNull();
    const phone = screen.getByRole('listitem', { name: 'Safari on iOS' });
    expect(phone).toHaveTextContent('203.0.113.9');
    expect(phone).toHaveTextContent(/with password·/);
    expect(screen.getByText('Signed in on 1 other device or browser.')).toBeInTheDocument();
  });

  it('checks the new password before sending, then shows the server’s reply under the field', async () => {
    const server = serve(SESSIONS, () => failure(400, { code: 'validation_failed', message: 'Your current password is not correct.', details: { currentPassword: 'Your current password is not correct.' } }));
    renderPage('/dashboard/account', <AccountPage />);
    const form = screen.getByRole('region', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText(/Current password/), 'Old9Password');
    await userEvent.type(within(form).getByLabelText(/^New password/), 'short');
    expect(within(form).getByText('At least 12 characters')).toBeInTheDocument();
    expect(within(form).getByText(/Common passwords and ones built from your name or e-mail address are refused\./)).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Password must be at least 12 characters.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/v1/auth/password')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText(/^New password/), 'Words99');
    await userEvent.type(within(form).getByLabelText(/Confirm new password/), 'shortWords98');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('The two new passwords do not match.')).toBeInTheDocument();

    await userEvent.clear(within(form).getByLabelText(/Confirm new password/));
    await userEvent.type(within(form).getByLabelText(/Confirm new password/), 'shortWords99');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Your current password is not correct.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/v1/auth/password')[0]?.body).toEqual({ currentPassword: 'Old9Password', newPassword: 'shortWords99' });
  });

  it('shows the server’s advice on an easy-to-guess password under the new password', async () => {
    const advice = 'This is similar to a commonly used password. Add more words that are less common.';
    serve(SESSIONS, () => failure(400, { code: 'validation_failed', message: advice, details: { newPassword: advice } }));
    renderPage('/dashboard/account', <AccountPage />);
    const form = screen.getByRole('region', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText(/Current password/), 'Old9Password');
    await userEvent.type(within(form).getByLabelText(/^New password/), 'Password1234');
    await userEvent.type(within(form).getByLabelText(/Confirm new password/), 'Password1234');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(advice)).toBeInTheDocument();
  });

  it('a changed password clears the form and says the other sessions were signed out', async () => {
    serve();
    renderPage('/dashboard/account', <AccountPage />);
    const form = screen.getByRole('region', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText(/Current password/), 'Old9Password');
    await userEvent.type(within(form).getByLabelText(/^New password/), 'Brand9NewPass');
    await userEvent.type(within(form).getByLabelText(/Confirm new password/), 'Brand9NewPass');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Your other sessions were signed out.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Current password/)).toHaveValue('');
  });

  it('signs out one session, or every other one after a confirmation', async () => {
    const server = serve();
    renderPage('/dashboard/account', <AccountPage />);
    const phone = await screen.findByRole('listitem', { name: 'Safari on iOS' });
    await userEvent.click(within(phone).getByRole('button', { name: 'Sign out Safari on iOS' }));
    expect(await screen.findByText('Session signed out')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/v1/auth/sessions/s2')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Sign out other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out other sessions?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    expect(await screen.findByText('Other sessions signed out')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/v1/auth/sessions')).toHaveLength(1);
  });

  it('offers no "sign out other sessions" when this is the only one', async () => {
    serve([SESSIONS[0]!]);
    renderPage('/dashboard/account', <AccountPage />);
    expect(await screen.findByText('You are signed in only here.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled();
  });

  it('turns the daily reminder e-mail off and on again', async () => {
    const server = serve();
    renderPage('/dashboard/account', <AccountPage />);
    const reminders = await screen.findByRole('region', { name: 'Reminders' });
    const toggle = await within(reminders).findByRole('switch', { name: 'Daily reminder e-mail' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await within(reminders).findByText('You get no reminder e-mail. Your complaints still show on the dashboard.');
    expect(toggle).not.toBeChecked();
    expect(server.callsTo('PUT', /\/v1\/mail\/reminders\/mine$/).map((c) => c.body)).toEqual([{ digest: false }]);
  });
});
