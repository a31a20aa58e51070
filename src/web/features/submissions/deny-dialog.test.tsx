import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { submissionRow } from '../../../../tests/support/submission-fixtures.ts';
import { renderPage, signInAs } from '../../test-support/render.tsx';
import { fakeServer } from '../../test-support/server.ts';
import { DenyDialog } from './deny-dialog.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const ROW = submissionRow({ id: 'd1', decision: 'not_reportable' });

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Deny
      </button>
      <DenyDialog submission={ROW} open={open} onClose={() => setOpen(false)} onRecordDecision={() => setOpen(false)} />
    </>
  );
}

beforeEach(() => signInAs('staff'));

describe('Deny Submission', () => {
  it('keeps the reason typed when a click outside or Escape closes the dialog', async () => {
    fakeServer();
    renderPage('/', <Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    let dialog = await screen.findByRole('dialog', { name: 'Deny Submission' });
    await userEvent.type(within(dialog).getByLabelText(/Reason for denial/), 'Duplicate of submission 6001');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    dialog = await screen.findByRole('dialog', { name: 'Deny Submission' });
    expect(within(dialog).getByLabelText(/Reason for denial/)).toHaveValue('Duplicate of submission 6001');
  });
});
