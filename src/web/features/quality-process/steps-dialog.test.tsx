import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { qualityProcessApi } from '#shared/contract/quality-process';
import { submissionRow } from '../../../../tests/support/submission-fixtures.ts';
import { renderPage, signInAs } from '../../test-support/render.tsx';
import { failure, fakeServer, gate, on } from '../../test-support/server.ts';
import { StepsDialog } from './steps-dialog.tsx';

const TRANSFERRED = submissionRow({ id: '6004', submissionStatus: 'Successful Transfer', chNumber: 'CH-000101', chTitle: 'Pump alarms' });
const THE_ROW = { params: { id: '6004' } };

const renderDialog = () => renderPage('/dashboard/jotforms', <StepsDialog submission={TRANSFERRED} open onClose={() => {}} />);

beforeEach(() => signInAs('member'));

describe('Quality Process Steps', () => {
  it("says 'Loading Quality Process Data...', then shows a tab per step with its attributes", async () => {
    const { passed, release } = gate();
    fakeServer(
      on(
        qualityProcessApi.steps,
        async () => {
          await passed;
          return { results: [{ name: 'Complaint Intake', attributes: [{ name: 'Complaint Title', value: 'Pump alarms' }, { name: 'Lot', value: '' }] }, { name: 'Evaluation', attributes: [] }] };
        },
        THE_ROW,
      ),
    );
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Quality Process Steps' });
    expect(dialog).toHaveTextContent('CH-000101 · Pump alarms');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading Quality Process Data...');
    release();
    expect(await within(dialog).findByRole('tab', { name: 'Step 1' })).toHaveAttribute('aria-selected', 'true');
    const attributes = within(dialog).getAllByRole('listitem');
    expect(attributes.map((item) => item.textContent)).toEqual(['Complaint Title: Pump alarms', 'Lot: -']);
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Step 2' }));
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('Evaluation');
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('This step has no attributes.');
  });

  it.each([
    ["the server's message", { code: 'upstream_failed', message: 'Arena is unreachable.' }, 'Error: Arena is unreachable.'],
    ["'Failed to fetch data' without one", undefined, 'Error: Failed to fetch data'],
  ])('a failed read shows %s', async (_, body, text) => {
    fakeServer(on(qualityProcessApi.steps, () => failure(502, body), THE_ROW));
    renderDialog();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
