import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mailApi } from '#shared/contract/mail';
import { submissionsApi } from '#shared/contract/submissions';
import { FORM_ID, pageOf, reviewedForm, submissionRow as row } from '../../../../tests/support/submission-fixtures.ts';
import { toast } from '../../lib/toast.ts';
import { renderAt, signInAs } from '../../test-support/render.tsx';
import { type Reply, failure, fakeServer, gate, on } from '../../test-support/server.ts';
import { markDelivered } from './deliver.ts';
import { SubmissionsListPage } from './submissions-list-page.tsx';

// Whole pages render here; a busy machine running several suites needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const THE_ROW = { params: { id: '6001' } };
type Mark = () => Reply<typeof submissionsApi.markEmailDelivered> | Promise<Reply<typeof submissionsApi.markEmailDelivered>>;
type Mail = () => Reply<typeof submissionsApi.sendEmailRecipient> | Promise<Reply<typeof submissionsApi.sendEmailRecipient>>;
const mark = (answer: Mark, once = false) => on(submissionsApi.markEmailDelivered, answer, { ...THE_ROW, once });
const send = (answer: Mail) => on(submissionsApi.sendEmailRecipient, answer, THE_ROW);
const ok = () => ({ results: row({ emailDelivered: true }) });
const mailOk = () => ({ message: 'Email queued for the recipients', recipients: 2, mailId: 'm1', status: 'queued' as const });
const fail = (message?: string) => () => failure(409, message ? { code: 'conflict', message } : undefined);

function serve(marked: Mark, mailed: Mail) {
  return fakeServer(
    mark(marked),
    send(mailed),
    on(mailApi.submission, () => ({ activeRecipients: 1, results: [] }), THE_ROW),
    on(submissionsApi.forms, () => ({ results: [reviewedForm()] })),
    on(submissionsApi.list, () => pageOf([row()]), { params: { formId: FORM_ID } }),
  );
}

const toasts = () => [...vi.mocked(toast.success).mock.calls.map(([m]) => `success: ${m}`), ...vi.mocked(toast.error).mock.calls.map(([m]) => `error: ${m}`)];

beforeEach(() => {
  vi.clearAllMocks();
  signInAs('staff');
});

describe('marking delivered: two calls together, proceed if one succeeds (docs/product.md, The API)', () => {
  it('fires both calls before either replies', async () => {
    const { passed, release } = gate();
    const server = fakeServer(mark(async () => (await passed, ok())), send(async () => (await passed, mailOk())));
    const done = markDelivered('6001');
    await waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PATCH /v1/jotforms/submission/6001/mark-email-delivered', 'POST /v1/jotforms/submission/6001/send-email-recipient']);
    expect(server.calls[0]!.body).toEqual({ emailDelivered: true });
    release();
    expect((await done).proceeded).toBe(true);
  });

  it.each([
    ['both succeed', ok, mailOk, true, ['success: Marked as delivered and email sent']],
    ['the mail fails', ok, fail(), true, ['success: Marked as delivered', 'error: Failed to send email to recipient']],
    ['only the mail succeeds', fail(), mailOk, true, ['success: Email sent to recipient', 'error: Failed to mark email as delivered']],
    ['both fail', fail(), fail(), false, ['error: Failed to mark as delivered']],
  ])('%s → the right toasts', async (_name, mark, mail, proceeded, expected) => {
    serve(mark, mail);
    expect((await markDelivered('6001')).proceeded).toBe(proceeded);
    expect(toasts()).toEqual(expected);
  });

  it("shows the server's reason when the mail could not go out", async () => {
    serve(ok, fail('No active notification recipient is configured.'));
    await markDelivered('6001');
    expect(toasts()).toEqual(['success: Marked as delivered', 'error: No active notification recipient is configured.']);
  });
});

describe('the list Delivered control', () => {
  async function openConfirm() {
    const { router } = renderAt('/dashboard/jotforms', [
      { path: '/dashboard/jotforms', element: <SubmissionsListPage /> },
      { path: '/dashboard/jotforms/submission/:id', element: <p>details</p> },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark delivered' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Submission' });
    expect(dialog).toHaveTextContent('Do you want to mark this submission as delivered?');
    return { router, dialog };
  }

  it('confirms, closes, reloads the list and does not open the row', async () => {
    const server = serve(ok, mailOk);
    const { router, dialog } = await openConfirm();
    const listCalls = server.callsTo('GET', `/v1/jotforms/${FORM_ID}`).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts()).toEqual(['success: Marked as delivered and email sent']);
    await waitFor(() => expect(server.callsTo('GET', `/v1/jotforms/${FORM_ID}`).length).toBeGreaterThan(listCalls));
    expect(router.state.location.pathname).toBe('/dashboard/jotforms');
  });

  it("shows 'Please wait...' while busy and stays open when both calls fail, still reloading", async () => {
    const { passed, release } = gate();
    const server = serve(fail(), fail());
    const { dialog } = await openConfirm();
    const listCalls = server.callsTo('GET', `/v1/jotforms/${FORM_ID}`).length;
    server.use(mark(async () => (await passed, failure(500)), true));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('button', { name: /Please wait\.\.\./ })).toBeDisabled();
    release();
    await waitFor(() => expect(toasts()).toEqual(['error: Failed to mark as delivered']));
    expect(screen.getByRole('dialog', { name: 'Confirm Submission' })).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET', `/v1/jotforms/${FORM_ID}`).length).toBeGreaterThan(listCalls));
  });
});
