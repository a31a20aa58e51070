import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, signInAs } from '../../test-support/render.tsx';
import { mfaApi } from '#shared/contract/auth-mfa';
import { fakeServer, on } from '../../test-support/server.ts';
import { EditUserDialog } from './edit-user-dialog.tsx';

const staff = { id: 'u2', name: 'Sam Staff', email: 'sam@example.com', role: 'staff' as const, permissions: [], isRestricted: false, lastLogin: null, createdAt: '2025-01-01T00:00:00.000Z' };

function open(signIn: { singleSignOn: boolean; roleFromProvider: boolean; twoStepOn: boolean }) {
  const server = fakeServer(on(mfaApi.userSignIn, () => signIn, { params: { userId: 'u2' } }), on(mfaApi.reset, () => null, { params: { userId: 'u2' } }));
  renderPage('/dashboard/users', <EditUserDialog user={staff} open onClose={() => undefined} />);
  return server;
}

describe('Edit User: how the user signs in', { timeout: 30_000 }, () => {
  it('a role given by the identity provider cannot be changed here, and says why', async () => {
    signInAs('admin');
    open({ singleSignOn: true, roleFromProvider: true, twoStepOn: false });
    expect(await screen.findByText("This user's role comes from your organisation's sign-in service. Change it there.")).toBeInTheDocument();
    expect(screen.getByLabelText(/Role/)).toBeDisabled();
    expect(screen.getByText("Signs in through your organisation's sign-in service, which keeps their second factor.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset two-step verification' })).toBeNull();
  });

  it('a role managed here stays editable; a second factor that is on can be reset after a confirmation', async () => {
    signInAs('admin');
    const server = open({ singleSignOn: false, roleFromProvider: false, twoStepOn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Reset two-step verification' }));
    expect(screen.getByLabelText(/Role/)).toBeEnabled();
    const confirm = screen.getByRole('dialog', { name: 'Reset two-step verification?' });
    expect(confirm).toHaveTextContent("Sam Staff's authenticator app and recovery codes stop working.");
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Two-step verification reset')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/v1/users/u2/mfa')).toHaveLength(1);
  });
});
