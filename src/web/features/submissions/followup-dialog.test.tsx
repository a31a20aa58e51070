import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FollowupNote, type SubmissionRow, submissionsApi } from '#shared/contract/submissions';
import { reviewedForm, submissionRow } from '../../../../tests/support/submission-fixtures.ts';
import { toast } from '../../lib/toast.ts';
import { renderPage, signInAs } from '../../test-support/render.tsx';
import { fakeServer, on } from '../../test-support/server.ts';
import { FollowupDialog } from './followup-dialog.tsx';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const ADA = submissionRow({ id: 'a1', submitter: 'Ada Lovelace' });
const GRACE = submissionRow({ id: 'g1', submitter: 'Grace Hopper' });

/** The list's way of using the dialog: one dialog, opened for one row at a time. */
function Harness() {
  const [open, setOpen] = useState<SubmissionRow | null>(null);
  const [last, setLast] = useState<SubmissionRow>(ADA);
  const show = (row: SubmissionRow) => {
    setLast(row);
    setOpen(row);
  };
  return (
    <>
      <button type="button" onClick={() => show(ADA)}>Follow up Ada</button>
      <button type="button" onClick={() => show(GRACE)}>Follow up Grace</button>
      <FollowupDialog submission={open ?? last} open={open !== null} onClose={() => setOpen(null)} />
    </>
  );
}

function serve(notes: FollowupNote[] = []) {
  return fakeServer(
    on(submissionsApi.forms, () => ({ results: [reviewedForm({ timeZone: 'UTC' })] })),
    on(submissionsApi.followups, () => ({ results: notes })),
    on(submissionsApi.createFollowup, () => ({ results: ADA })),
  );
}

const openFor = async (who: 'Ada' | 'Grace') => {
  await userEvent.click(screen.getByRole('button', { name: `Follow up ${who}` }));
  return screen.findByRole('dialog', { name: 'Follow-Ups' });
};
const noteBox = (dialog: HTMLElement) => within(dialog).getByPlaceholderText('Enter follow-up details');

beforeEach(() => {
  vi.clearAllMocks();
  signInAs('staff');
});

describe('Follow-Ups dialog', () => {
  it('keeps the text typed when Escape closes it, for the same submission only, until it is saved', async () => {
    serve();
    renderPage('/', <Harness />);
    let dialog = await openFor('Ada');
    await userEvent.type(noteBox(dialog), 'Called the clinic twice');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openFor('Grace');
    expect(noteBox(dialog)).toHaveValue('');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openFor('Ada');
    expect(noteBox(dialog)).toHaveValue('Called the clinic twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Follow-up updated successfully'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openFor('Ada');
    expect(noteBox(dialog)).toHaveValue('');
  });

  it('sends the attempt’s method, date and outcome with the note, and shows them on earlier notes', async () => {
    const server = serve([
      { id: 'n1', text: 'Asked for the device back', at: '2026-11-22T10:30:00.000Z', author: { id: 'u9', name: 'Dana Reyes', email: 'dana@example.com' }, method: 'phone', attemptedOn: '2026-11-21', outcome: 'Left a message', newInformation: false },
    ]);
    renderPage('/', <Harness />);
    const dialog = await openFor('Ada');
    const earlier = await within(dialog).findByRole('region', { name: 'Earlier follow-ups' });
    expect(earlier).toHaveTextContent('Phone · attempted 2026-11-21 · Left a message');

    await userEvent.type(noteBox(dialog), 'Sent the return label');
    await userEvent.selectOptions(within(dialog).getByLabelText('Method'), 'Letter');
    await userEvent.type(within(dialog).getByLabelText('Attempt date'), '2026-11-20');
    await userEvent.type(within(dialog).getByLabelText('Outcome'), 'No reply yet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Follow-up updated successfully'));
    expect(server.callsTo('PATCH', /create-followup$/)[0]!.body).toEqual({ followup: 'Sent the return label', method: 'letter', attemptedOn: '2026-11-20', outcome: 'No reply yet' });
  });

  it('refuses an attempt date after today and sends nothing', async () => {
    const server = serve();
    renderPage('/', <Harness />);
    const dialog = await openFor('Ada');
    await userEvent.type(noteBox(dialog), 'Will call next week');
    await userEvent.type(within(dialog).getByLabelText('Attempt date'), '2999-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The attempt date cannot be in the future.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', /create-followup$/)).toHaveLength(0);
  });
});
