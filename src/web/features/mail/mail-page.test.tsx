import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type MailMessage, mailApi } from '#shared/contract/mail';
import { pageOf } from '../../../../tests/support/submission-fixtures.ts';
import { toast } from '../../lib/toast.ts';
import { renderAt, signInAs } from '../../test-support/render.tsx';
import { fakeServer, gate, on } from '../../test-support/server.ts';
import { MailPage } from './mail-page.tsx';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const mail = (overrides: Partial<MailMessage>): MailMessage => ({
  id: 'm1',
  kind: 'delivered',
  to: ['quality@example.org'],
  subject: 'Submission 6001 delivered',
  submissionId: '6001',
  status: 'sent',
  error: null,
  attempts: 1,
  createdAt: '2025-06-15T16:00:00.000Z',
  createdBy: 'sam@example.com',
  nextAttemptAt: null,
  sentAt: '2025-06-15T16:00:05.000Z',
  resendOf: null,
  ...overrides,
});
const MESSAGES = [
  mail({ id: 'm2', subject: 'Submission 6002 delivered', submissionId: '6002', status: 'failed', attempts: 8, error: '550 Mailbox unavailable', sentAt: null }),
  mail({ id: 'm3', subject: 'Submission 6003 delivered', submissionId: '6003', status: 'queued', attempts: 2, error: 'connect ECONNREFUSED', nextAttemptAt: '2025-06-15T16:04:00.000Z', sentAt: null }),
  mail({}),
];

function serve() {
  const { passed, release } = gate();
  const server = fakeServer(
    on(mailApi.list, ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return pageOf(MESSAGES.filter((m) => !status || m.status === status));
    }),
    on(mailApi.resendAddressees, () => ({ to: ['quality@example.org', 'qa-lead@example.org'], basis: 'active_recipients' as const }), { params: { id: 'm2' } }),
    on(mailApi.resend, async () => (await passed, { results: mail({ id: 'm4', status: 'queued', attempts: 0, resendOf: 'm2', sentAt: null }) }), { params: { id: 'm2' } }),
  );
  return { server, release };
}

beforeEach(() => {
  vi.clearAllMocks();
  signInAs('admin');
});

describe('MailPage', () => {
  it('lists every message with its recipients, submission, status and error, and filters by status', async () => {
    const { server } = serve();
    renderAt('/dashboard/mail', [{ path: '/dashboard/mail', element: <MailPage /> }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mail' })).toBeInTheDocument();
    const failed = await screen.findByRole('row', { name: /Submission 6002 delivered/ });
    expect(failed).toHaveTextContent('quality@example.org');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('550 Mailbox unavailable');
    expect(failed).toHaveTextContent('8 of 8');
    expect(within(failed).getByRole('link', { name: '6002' })).toHaveAttribute('href', '/dashboard/jotforms/submission/6002');
    expect(screen.getByRole('row', { name: /Submission 6003 delivered/ })).toHaveTextContent(/Queued.*Next try/);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Failed');
    await waitFor(() => expect(server.callsTo('GET', '/v1/mail').at(-1)!.query.get('status')).toBe('failed'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Submission 6001 delivered/ })).toBeNull());
  });

  it('opens filtered by the status in the address, as the Integrations page links to it', async () => {
    const { server } = serve();
    const { router } = renderAt('/dashboard/mail?status=failed', [{ path: '/dashboard/mail', element: <MailPage /> }]);
    expect(await screen.findByRole('row', { name: /Submission 6002 delivered/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('failed');
    expect(server.callsTo('GET', '/v1/mail').map((c) => c.query.get('status'))).toEqual(['failed']);
    expect(screen.queryByRole('row', { name: /Submission 6001 delivered/ })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'All statuses');
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('row', { name: /Submission 6001 delivered/ })).toBeInTheDocument();
  });

  it('a status with no e-mail says the empty text, that nothing matches, and clears the filter', async () => {
    const { server } = serve();
    const { router } = renderAt('/dashboard/mail?status=stored', [{ path: '/dashboard/mail', element: <MailPage /> }]);
    expect(await screen.findByText('There are no records to display')).toBeInTheDocument();
    expect(screen.getByText('No e-mails match the status filter.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(await screen.findByRole('row', { name: /Submission 6001 delivered/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(server.callsTo('GET', '/v1/mail').at(-1)!.query.get('status')).toBeNull();
  });

  it('Resend asks first, sends once however often Resend is clicked, and toasts', async () => {
    const { server, release } = serve();
    renderAt('/dashboard/mail', [{ path: '/dashboard/mail', element: <MailPage /> }]);
    const failed = await screen.findByRole('row', { name: /Submission 6002 delivered/ }, { timeout: 5000 });
    await userEvent.click(within(failed).getByRole('button', { name: /Resend/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend e-mail' });
    expect(dialog).toHaveTextContent('Send the delivered notice “Submission 6002 delivered” again, as a new message?');
    // It names whom it goes to, and sends exactly those.
    const to = await within(dialog).findByRole('list', { name: 'It goes to the notification recipients active now:' });
    expect(within(to).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['quality@example.org', 'qa-lead@example.org']);
    const confirm = within(dialog).getByRole('button', { name: 'Resend' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await within(dialog).findByRole('button', { name: /Please wait\.\.\./ })).toBeDisabled();
    release();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('E-mail queued again'));
    expect(server.callsTo('POST', '/v1/mail/m2/resend')).toHaveLength(1);
    expect(server.callsTo('POST', '/v1/mail/m2/resend')[0]!.body).toEqual({ to: ['quality@example.org', 'qa-lead@example.org'] });
  });
});
