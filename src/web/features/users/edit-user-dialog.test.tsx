import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, signInAs } from '../../test-support/render.tsx';
import { type UserSignIn, mfaApi } from '#shared/contract/auth-mfa';
import { ssoApi } from '#shared/contract/auth-sso';
import { failure, fakeServer, on } from '../../test-support/server.ts';
import { EditUserDialog } from './edit-user-dialog.tsx';

const staff = { id: 'u2', name: 'Sam Staff', email: 'sam@example.com', role: 'staff' as const, permissions: [], isRestricted: false, lastLogin: null, createdAt: '2025-01-01T00:00:00.000Z' };

function open(signIn: UserSignIn) {
  const server = fakeServer(
    on(mfaApi.userSignIn, () => signIn, { params: { userId: 'u2' } }),
    on(mfaApi.reset, () => null, { params: { userId: 'u2' } }),
    on(ssoApi.settings, () => ({ enabled: true, label: 'Continue with single sign-on', demo: false })),
  );
  renderPage('/dashboard/users', <EditUserDialog user={staff} open onClose={() => undefined} />);
  return server;
}

describe('Edit User: how the user signs in', { timeout: 30_000 }, () => {
  it('a role given by the identity provider cannot be changed here, and says why', async () => {
    signInAs('admin');
    open({ singleSignOn: true, subject: '00u1a2b3c4', roleFromProvider: true, twoStepOn: false });
    expect(await screen.findByText("This user's role comes from your organisation's sign-in service. Change it there.")).toBeInTheDocument();
    expect(screen.getByLabelText(/Role/)).toBeDisabled();
    expect(await screen.findByText('Linked to the identity 00u1a2b3c4.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset two-step verification' })).toBeNull();
  });

  it('links an account by its subject at the provider, showing the server’s refusal under the field', async () => {
    signInAs('admin');
    const server = open({ singleSignOn: false, subject: null, roleFromProvider: false, twoStepOn: false });
    server.use(on(ssoApi.linkUser, () => failure(409, { code: 'conflict', message: 'That identity is already linked to another account.' }), { params: { userId: 'u2' } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Link' }));
    expect(screen.getByText('Enter the identity’s subject.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Subject at the sign-in service'), ' 00u9z ');
    await userEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('That identity is already linked to another account.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/v1/users/u2/identity')[0]?.body).toEqual({ subject: '00u9z' });
  });

  it('unlinks after a confirmation', async () => {
    signInAs('admin');
    const server = open({ singleSignOn: true, subject: '00u1', roleFromProvider: false, twoStepOn: false });
    server.use(on(ssoApi.unlinkUser, () => null, { params: { userId: 'u2' } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink' }));
    const confirm = screen.getByRole('dialog', { name: 'Unlink single sign-on?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Single sign-on unlinked')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/v1/users/u2/identity')).toHaveLength(1);
  });

  it('a role managed here stays editable; a second factor that is on can be reset after a confirmation', async () => {
    signInAs('admin');
    const server = open({ singleSignOn: false, subject: null, roleFromProvider: false, twoStepOn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Reset two-step verification' }));
    expect(screen.getByLabelText(/Role/)).toBeEnabled();
    const confirm = screen.getByRole('dialog', { name: 'Reset two-step verification?' });
    expect(confirm).toHaveTextContent("Sam Staff's authenticator app and recovery codes stop working.");
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Two-step verification reset')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/v1/users/u2/mfa')).toHaveLength(1);
  });
});
