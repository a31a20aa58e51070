import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type EmailConfig, emailConfigApi } from '#shared/contract/email-config';
import { renderPage } from '../../test-support/render.tsx';
import { failure, fakeServer, on } from '../../test-support/server.ts';
import { EmailConfigPage } from './email-config-page.tsx';

const AT = '2024-05-01T10:00:00Z';
const CONFIGS: EmailConfig[] = [{ id: 'e1', email: 'quality@provider.example', active: true, createdAt: AT, updatedAt: AT }];

function serve() {
  return fakeServer(
    on(emailConfigApi.list, () => ({ results: CONFIGS })),
    on(emailConfigApi.create, () => failure(500)),
    on(emailConfigApi.update, async ({ request }) => ({ ...CONFIGS[0]!, ...((await request.json()) as Partial<EmailConfig>) }), { params: { id: 'e1' } }),
    on(emailConfigApi.remove, () => ({ id: 'e1' }), { params: { id: 'e1' } }),
  );
}

describe('EmailConfigPage', { timeout: 30_000 }, () => {
  it('lists recipients with their status', async () => {
    serve();
    renderPage('/dashboard/configurations/email-config', <EmailConfigPage />);
    const row = await screen.findByRole('row', { name: /quality@provider\.example/ });
    expect(within(row).getByRole('cell', { name: 'quality@provider.example' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Active');
  });

  it("checks the address with the browser's validity before adding, and shows 'Failed to add email!'", async () => {
    const server = serve();
    renderPage('/dashboard/configurations/email-config', <EmailConfigPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Add email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Email' });
    const input = within(dialog).getByLabelText(/Email/);
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Email is required.')).toBeInTheDocument();
    await userEvent.type(input, 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/v1/email-configs')).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, 'new@provider.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to add email!')).toBeInTheDocument();
    expect(server.callsTo('POST', '/v1/email-configs')[0]?.body).toEqual({ email: 'new@provider.example' });
  });

  it('edits the email and sets it inactive; an empty email saves nothing', async () => {
    const server = serve();
    renderPage('/dashboard/configurations/email-config', <EmailConfigPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit quality@provider.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Email' });
    const input = within(dialog).getByLabelText(/Email/);
    expect(input).toHaveValue('quality@provider.example');
    expect(within(dialog).getByLabelText('Status')).toHaveValue('active');

    await userEvent.clear(input);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(server.callsTo('PATCH', '/v1/email-configs/e1')).toHaveLength(0);

    await userEvent.type(input, 'qa@provider.example');
    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'Inactive');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email updated successfully!')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/v1/email-configs/e1')[0]?.body).toEqual({ email: 'qa@provider.example', active: false });
  });

  it('deletes after confirmation', async () => {
    const server = serve();
    renderPage('/dashboard/configurations/email-config', <EmailConfigPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete quality@provider.example' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete email?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Email deleted successfully')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/v1/email-configs/e1')).toHaveLength(1);
  });
});
