import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MfaStatus, mfaApi } from '#shared/contract/auth-mfa';
import { renderPage } from '../../test-support/render.tsx';
import { failure, fakeServer, on } from '../../test-support/server.ts';
import { MfaCard } from './mfa-card.tsx';

const OFF: MfaStatus = { enabled: false, recoveryCodesLeft: 0, viaProvider: false, required: false, passwordSignIn: true, providerProof: false };
const CODES = ['abcde-fghij', 'kmnpq-rstuv', 'wxyz2-34567', '89abc-defgh', 'ijkmn-pqrst', 'uvwxy-z2345', '6789a-bcdef', 'ghijk-mnpqr', 'stuvw-xyz23', '45678-9abcd'];

describe('MfaCard', { timeout: 30_000 }, () => {
  it('asks for the current password before it shows a key, and sends it', async () => {
    const server = fakeServer(
      on(mfaApi.status, () => OFF),
      on(mfaApi.setUp, async ({ request }) => {
        const body = (await request.json()) as { password?: string };
        if (body.password !== 'my-password-1') return failure(400, { code: 'validation_failed', message: 'Your password is not correct.', details: { password: 'Your password is not correct.' } });
        return { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Quality%20Portal:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
      }),
    );
    renderPage('/dashboard/account', <MfaCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set up two-step verification' }));
    expect(screen.queryByLabelText('Secret key')).toBeNull();
    await userEvent.type(screen.getByLabelText(/Current password/), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Your password is not correct.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/Current password/));
    await userEvent.type(screen.getByLabelText(/Current password/), 'my-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText('Secret key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(server.callsTo('POST', '/v1/auth/mfa/totp').map((c) => c.body)).toEqual([{ password: 'wrong-password' }, { password: 'my-password-1' }]);
  });

  it('after a provider sign-in a moment ago, asks for no password', async () => {
    const server = fakeServer(
      on(mfaApi.status, () => ({ ...OFF, viaProvider: true, providerProof: true })),
      on(mfaApi.setUp, () => ({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' })),
    );
    renderPage('/dashboard/account', <MfaCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set up two-step verification' }));
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText('Secret key')).toBeInTheDocument();
    expect(server.callsTo('POST', '/v1/auth/mfa/totp')[0]?.body).toEqual({});
  });

  it('while it is on, shows its state and controls even for an account linked to the provider', async () => {
    fakeServer(on(mfaApi.status, () => ({ ...OFF, enabled: true, recoveryCodesLeft: 3, viaProvider: true, passwordSignIn: false })));
    renderPage('/dashboard/account', <MfaCard />);
    expect(await screen.findByText(/3 recovery codes left\./)).toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('an account that signs in only through the provider is told the provider keeps its second factor', async () => {
    fakeServer(on(mfaApi.status, () => ({ ...OFF, viaProvider: true, passwordSignIn: false })));
    renderPage('/dashboard/account', <MfaCard />);
    expect(await screen.findByText('You sign in through your organisation’s sign-in service, which keeps your second factor.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('new recovery codes take the password and a code, and are shown once', async () => {
    const server = fakeServer(
      on(mfaApi.status, () => ({ ...OFF, enabled: true, recoveryCodesLeft: 2 })),
      on(mfaApi.newRecoveryCodes, () => ({ recoveryCodes: CODES })),
    );
    renderPage('/dashboard/account', <MfaCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    await userEvent.type(screen.getByLabelText(/Current password/), 'my-password-1');
    await userEvent.type(screen.getByLabelText(/^Code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Make new codes' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(server.callsTo('POST', '/v1/auth/mfa/recovery-codes')[0]?.body).toEqual({ password: 'my-password-1', code: '123456' });
  });

  it('a code just used is said so under the code', async () => {
    fakeServer(
      on(mfaApi.status, () => ({ ...OFF, enabled: true, recoveryCodesLeft: 10 })),
      on(mfaApi.turnOff, () => failure(400, { code: 'validation_failed', message: 'This code was just used — wait for the next one.', details: { code: 'This code was just used — wait for the next one.' } })),
    );
    renderPage('/dashboard/account', <MfaCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    await userEvent.type(screen.getByLabelText(/Current password/), 'my-password-1');
    await userEvent.type(screen.getByLabelText(/^Code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('This code was just used — wait for the next one.')).toBeInTheDocument();
  });
});
