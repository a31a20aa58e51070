import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mailApi } from '#shared/contract/mail';
import { qualityProcessApi } from '#shared/contract/quality-process';
import { submissionsApi } from '#shared/contract/submissions';
import { FORM_ID, pageOf, reviewedForm, submissionRow as row } from '../../../../tests/support/submission-fixtures.ts';
import { toast } from '../../lib/toast.ts';
import { renderAt, signInAs } from '../../test-support/render.tsx';
import { fakeServer, gate, on } from '../../test-support/server.ts';
import { SubmissionsListPage } from './submissions-list-page.tsx';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const ROWS = [row({ id: '1', submitter: 'Grace Hopper', submissionStatus: 'Pending Transfer' })];
const WRITES = /\/(mark-reportable|mark-email-delivered|send-email-recipient|quality-process|create-followup)$/;

/** Answers writes only when released, so the dialog is busy while the second click lands. */
function serve(recipients = 1) {
  const { passed, release } = gate();
  const write = <T,>(answer: () => T) => async () => (await passed, answer());
  const updated = write(() => ({ results: ROWS[0]! }));
  const server = fakeServer(
    on(submissionsApi.forms, () => ({ results: [reviewedForm()] })),
    on(submissionsApi.list, () => pageOf(ROWS), { params: { formId: FORM_ID } }),
    on(mailApi.submission, () => ({ activeRecipients: recipients, results: [] })),
    on(submissionsApi.sendEmailRecipient, write(() => ({ message: 'queued', recipients, mailId: 'm1', status: 'queued' as const }))),
    on(qualityProcessApi.create, write(() => null)),
    on(submissionsApi.markReportable, updated),
    on(submissionsApi.markEmailDelivered, updated),
    on(submissionsApi.createFollowup, updated),
  );
  return { server, release };
}

async function openFromRow(button: string, dialog: string) {
  renderAt('/dashboard/jotforms', [{ path: '/dashboard/jotforms', element: <SubmissionsListPage /> }]);
  await screen.findByText('Grace Hopper', {}, { timeout: 5000 });
  await userEvent.click(within(screen.getByRole('row', { name: /Grace Hopper/ })).getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: dialog });
}

/** Two clicks in the same moment: before React has re-rendered the button as disabled. */
function doubleClick(element: HTMLElement) {
  fireEvent.click(element);
  fireEvent.click(element);
}

beforeEach(() => {
  vi.clearAllMocks();
  signInAs('staff');
});

describe('a double-submitted dialog sends one request', () => {
  it.each([
    ['Mark reportable', 'Mark as Reportable', 'Confirm', ['PATCH /v1/jotforms/submission/1/mark-reportable']],
    ['Mark delivered', 'Confirm Submission', 'Confirm', ['PATCH /v1/jotforms/submission/1/mark-email-delivered', 'POST /v1/jotforms/submission/1/send-email-recipient']],
  ])('%s: Confirm clicked twice', async (button, title, confirm, expected) => {
    const { server, release } = serve();
    const dialog = await openFromRow(button, title);
    const action = within(dialog).getByRole('button', { name: confirm });
    await waitFor(() => expect(action).toBeEnabled());
    doubleClick(action);
    expect(await within(dialog).findByRole('button', { name: /Please wait\.\.\./ })).toBeDisabled();
    release();
    // The confirmation closes (a mark without rationale then offers the rationale in a dialog of its own).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
    expect(server.calls.filter((c) => WRITES.test(c.path)).map((c) => `${c.method} ${c.path}`)).toEqual(expected);
  });

  it.each([
    ['Create', 'Create Quality Process', 'Quality Process Name', 'PATCH /v1/jotforms/submission/1/quality-process'],
    ['Add attempt', 'Follow-Ups', 'Follow-up details', 'PATCH /v1/jotforms/submission/1/create-followup'],
  ])('%s: Save clicked twice', async (button, title, field, expected) => {
    const { server, release } = serve();
    const dialog = await openFromRow(button, title);
    await userEvent.type(within(dialog).getByLabelText(new RegExp(field)), 'Pump alarm');
    doubleClick(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('button', { name: /Please wait\.\.\./ })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.calls.filter((c) => WRITES.test(c.path)).map((c) => `${c.method} ${c.path}`)).toEqual([expected]);
  });
});

describe('Confirm Submission with no active recipient', () => {
  it.each([
    ['staff', /Ask an admin to add one under Configurations → Config/],
    ['member', /Ask an admin to add one under Configurations → Config/],
  ] as const)('tells %s to ask an admin, and marks nothing', async (role, text) => {
    signInAs(role);
    const { server } = serve(0);
    const dialog = await openFromRow('Mark delivered', 'Confirm Submission');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No notification recipient is configured, so nobody would be e-mailed about this submission.');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(text);
    expect(within(dialog).queryByRole('link')).toBeNull();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    fireEvent.click(confirm);
    expect(server.calls.filter((c) => WRITES.test(c.path))).toEqual([]);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('gives admins a link to the Config page', async () => {
    signInAs('admin');
    serve(0);
    const dialog = await openFromRow('Mark delivered', 'Confirm Submission');
    const link = await within(dialog).findByRole('link', { name: 'Config page' });
    expect(link).toHaveAttribute('href', '/dashboard/configurations/email-config');
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });
});
