import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestHandler } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResponseInputOf } from '#shared/contract/endpoints';
import { mailApi } from '#shared/contract/mail';
import { qualityProcessApi } from '#shared/contract/quality-process';
import { type Submission, submissionsApi } from '#shared/contract/submissions';
import { reviewedForm, submission } from '../../../../tests/support/submission-fixtures.ts';
import { toast } from '../../lib/toast.ts';
import { renderAt, signInAs } from '../../test-support/render.tsx';
import { failure, fakeServer, on } from '../../test-support/server.ts';
import { SubmissionDetailsPage } from './submission-details-page.tsx';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

type MailOfSubmission = ResponseInputOf<typeof mailApi.submission>['results'][number];

const ANSWERS: Submission['answers'] = [
  { qid: '1', order: 1, name: 'h', type: 'control_head', text: 'Reporter Information' },
  { qid: '2', order: 2, name: 'n', type: 'control_fullname', text: 'Full Name', answer: { first: 'Ada', last: 'Lovelace' }, prettyFormat: 'Ada Lovelace' },
  { qid: '3', order: 3, name: 't', type: 'control_textarea', text: 'Timeline', prettyFormat: '<b>first</b><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>' },
  { qid: '4', order: 4, name: 'c', type: 'control_captcha', text: 'Captcha' },
];

/** The submission and its mail status; `extra` handlers answer first. */
function serve(data: Submission, extra: RequestHandler[] = [], mail: ResponseInputOf<typeof mailApi.submission> = { activeRecipients: 1, results: [] }) {
  const params = { id: data.id };
  return fakeServer(...extra, on(submissionsApi.get, () => data, { params }), on(mailApi.submission, () => mail, { params }));
}

const renderDetails = (id = '6001') => renderAt(`/dashboard/jotforms/submission/${id}`, [{ path: '/dashboard/jotforms/submission/:id', element: <SubmissionDetailsPage /> }]);

beforeEach(() => {
  vi.clearAllMocks();
  signInAs('member');
});

describe('SubmissionDetailsPage', () => {
  it("shows 'Loading Submission...', then badges, the grid and the answers", async () => {
    serve(submission({ submissionStatus: 'Successful Transfer', chTitle: 'Pump alarms', chNumber: 'CH-000101', emailDelivered: true, answers: ANSWERS }));
    renderDetails();
    expect(screen.getByText('Loading Submission...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Submission Details' }, { timeout: 5000 })).toBeInTheDocument();
    for (const text of ['Successful Transfer', 'Pump alarms', 'CH-000101', '6001', '243158902746061', '203.0.113.5', 'ACTIVE']) expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    for (const label of ['Submission ID', 'Form ID', 'IP', 'Created at', 'Status', 'New', 'Flag', 'Notes', 'Updated at', 'Delivered']) expect(screen.getByText(label, { selector: 'dt' })).toBeInTheDocument();
    // Delivered: a plain box, not a control.
    expect(screen.queryByRole('button', { name: 'Mark delivered' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Answers' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reporter Information' })).toBeInTheDocument();
    expect(screen.queryByText('Captcha')).toBeNull();
    expect(document.querySelector('main script, [onerror]')).toBeNull();
    expect(screen.getByText('first').tagName).toBe('B');
    // No status change control past the transfer; the steps can be read instead.
    expect(screen.queryByRole('button', { name: /Create Quality Process|Retry Quality Process/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'View Quality Process Steps' })).toBeInTheDocument();
  });

  it('shows Created at and Updated at in the viewer’s zone, with the JotForm account’s time under each', async () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    serve(submission({ updated_at: '2025-03-05 08:00:00', answers: ANSWERS }), [on(submissionsApi.forms, () => ({ results: [reviewedForm()] }))]);
    renderDetails();
    const box = async (label: string) => (await screen.findByText(label, { selector: 'dt' }, { timeout: 5000 })).parentElement!;
    await waitFor(async () => expect(await box('Created at')).toHaveTextContent('2025-03-04 07:20 PSTJotForm account time: 2025-03-04 10:20 EST'));
    expect(await box('Updated at')).toHaveTextContent('2025-03-05 05:00 PSTJotForm account time: 2025-03-05 08:00 EST');
    expect(screen.getByText(/submitted/)).toHaveTextContent('submitted 2025-03-04 07:20 PST');
    vi.unstubAllEnvs();
  });

  it("toasts 'Error Fetching Submission' when it cannot be read", async () => {
    fakeServer(on(submissionsApi.get, () => failure(404, { code: 'not_found', message: 'Submission not found.' })));
    renderDetails('nope');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Submission not found.');
    expect(toast.error).toHaveBeenCalledWith('Error Fetching Submission');
  });

  it('opens Confirm Submission from the delivered box while not delivered', async () => {
    const server = serve(submission(), [
      on(submissionsApi.markEmailDelivered, () => ({ results: submission({ emailDelivered: true }) })),
      on(submissionsApi.sendEmailRecipient, () => ({ message: 'Email queued for the recipients', recipients: 1, mailId: 'm1', status: 'queued' as const })),
    ]);
    renderDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark delivered' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Submission' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Marked as delivered and email sent'));
    expect(server.callsTo('PATCH', /mark-email-delivered/)).toHaveLength(1);
    expect(server.callsTo('POST', /send-email-recipient/)).toHaveLength(1);
  });

  it('shows what became of the notification e-mail, without addresses', async () => {
    const sent: MailOfSubmission = { id: 'm1', kind: 'delivered', submissionId: '6001', status: 'sent', error: null, attempts: 1, createdAt: '2025-06-15T16:00:00.000Z', createdBy: 'sam@example.com', nextAttemptAt: null, sentAt: '2025-06-15T16:00:05.000Z', resendOf: null, recipients: 2 };
    const retrying: MailOfSubmission = { ...sent, id: 'm2', status: 'queued', attempts: 3, error: 'connect ECONNREFUSED', nextAttemptAt: '2025-06-15T16:08:00.000Z', sentAt: null, resendOf: 'm1' };
    serve(submission({ emailDelivered: true }), [], { activeRecipients: 2, results: [retrying, sent] });
    renderDetails();
    const panel = await screen.findByRole('region', { name: 'Notification e-mail' }, { timeout: 5000 });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = within(panel).getAllByRole('listitem');
    expect(first).toHaveTextContent(/Queued.*Resent\. Attempt 3 of 8 failed \(connect ECONNREFUSED\); next try/);
    expect(second).toHaveTextContent(/Sent.*Sent to 2 recipients on/);
    // Members have no Mail page.
    expect(within(panel).queryByRole('link', { name: 'Open the Mail page' })).toBeNull();
  });

  it('says when no e-mail went out yet', async () => {
    serve(submission());
    renderDetails();
    const panel = await screen.findByRole('region', { name: 'Notification e-mail' }, { timeout: 5000 });
    expect(await within(panel).findByText('No e-mail yet: one goes to the notification recipients when the submission is marked as delivered.')).toBeInTheDocument();
  });

  it('marks reportable with {reportable: true} from the details screen', async () => {
    const server = serve(submission(), [on(submissionsApi.markReportable, () => ({ results: submission({ reportable: true }) }))]);
    renderDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark reportable' }, { timeout: 5000 }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Mark as Reportable' })).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Marked as reportable'));
    expect(server.callsTo('PATCH', /mark-reportable/)[0]!.body).toEqual({ reportable: true });
  });

  it('approves after a confirmation, and denies only with a reason (Pending Review)', async () => {
    const server = serve(submission(), [on(submissionsApi.review, () => ({ results: submission() }))]);
    renderDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }, { timeout: 5000 }));
    const approve = await screen.findByRole('dialog', { name: 'Approve Submission' });
    await userEvent.click(within(approve).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve Submission' })).toBeNull());
    expect(server.callsTo('PATCH', /review/)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    // Undecided: approving asks for the assessment first, or an explicit "decide later"; no plain Approve.
    const undecided = await screen.findByRole('dialog', { name: 'Approve Submission' });
    expect(within(undecided).getByText(/Its reportability is not decided yet\./)).toBeInTheDocument();
    expect(within(undecided).getByRole('button', { name: 'Assess reportability' })).toBeInTheDocument();
    expect(within(undecided).queryByRole('button', { name: 'Approve' })).toBeNull();
    await userEvent.click(within(undecided).getByRole('button', { name: 'Approve, decide later' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Status updated successfully'));
    expect(server.callsTo('PATCH', /review/)[0]!.body).toEqual({ decision: 'approve', decideLater: true });

    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deny Submission' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(within(dialog).getByText('A reason is required to deny a submission.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', /review/)).toHaveLength(1);
    await userEvent.type(within(dialog).getByLabelText(/Reason for denial/), 'Duplicate report');
    // Undecided: denying asks for the reportability outcome first.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(within(dialog).getByText('Choose the reportability outcome: not reportable, or record a decision.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', /review/)).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Not reportable — the reason for denial is its rationale' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(server.callsTo('PATCH', /review/)).toHaveLength(2));
    expect(server.callsTo('PATCH', /review/)[1]!.body).toEqual({ decision: 'deny', reason: 'Duplicate report', notReportable: true });
  });

  it("Transfer Error: shows the stored reason; the status change saves chTitle and toasts the server's message on failure", async () => {
    const server = serve(submission({ submissionStatus: 'Transfer Error', transferError: 'Arena replied 503 Service Unavailable.', chTitle: 'Walker wheel' }), [
      on(qualityProcessApi.create, () => failure(502, { code: 'upstream_failed', message: 'Arena is unreachable.' })),
    ]);
    renderDetails();
    expect(await screen.findByText('Arena replied 503 Service Unavailable.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry Quality Process' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Quality Process' });
    expect(within(dialog).getByLabelText(/Quality Process Name/)).toHaveValue('Walker wheel');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Arena is unreachable.'));
    expect(server.callsTo('PATCH', /quality-process/)[0]!.body).toEqual({ chTitle: 'Walker wheel' });
  });
});
