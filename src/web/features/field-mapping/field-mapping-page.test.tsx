import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FieldMapping, fieldMappingApi } from '#shared/contract/field-mapping';
import { type TemplateStep, qualityProcessApi } from '#shared/contract/quality-process';
import { questionsApi } from '#shared/contract/questions';
import { submissionsApi } from '#shared/contract/submissions';
import { FORM_ID, reviewedForm } from '../../../../tests/support/submission-fixtures.ts';
import { renderPage } from '../../test-support/render.tsx';
import { failure, fakeServer, on } from '../../test-support/server.ts';
import { FieldMappingPage } from './field-mapping-page.tsx';

const TITLE = 'UK8KS2YI2185DH626DQ7';
const REPORTABLE = '7JQNUJL3IP22UX8QALR0';
const STEPS: TemplateStep[] = [
  { guid: 'S1', name: 'Complaint Intake', order: 1, attributes: [{ guid: TITLE, name: 'Complaint Title', type: 'SINGLE_LINE_TEXT', required: true }] },
  { guid: 'S2', name: 'Evaluation', order: 2, attributes: [{ guid: REPORTABLE, name: 'Reportable?', type: 'FIXED_DROP_DOWN', required: false, possibleValues: ['Yes', 'No'] }] },
];
const QUESTIONS = [
  { qid: '1', order: 1, text: 'Complaint Form - BTS', type: 'control_head' },
  { qid: '3', order: 2, text: 'Full Name', type: 'control_fullname' },
  { qid: '4', order: 3, text: 'Email', type: 'control_email' },
  { qid: '19', order: 4, text: 'Submit', type: 'control_button' },
];
const FUNCTIONS = [
  { name: 'trim', description: 'Removes leading and trailing whitespace.', example: { input: '  Jane  ', output: 'Jane' } },
  { name: 'uppercase', description: 'Converts text to upper case.', example: { input: 'Jane Doe', output: 'JANE DOE' } },
];

function serve(mappings: FieldMapping[] = []) {
  return fakeServer(
    on(fieldMappingApi.list, () => ({ results: mappings })),
    on(fieldMappingApi.preprocessingFunctions, () => ({ results: FUNCTIONS })),
    on(qualityProcessApi.templateSteps, () => ({ results: STEPS })),
    on(submissionsApi.forms, () => ({ results: [reviewedForm()] })),
    on(questionsApi.list, () => ({ results: QUESTIONS }), { params: { formId: FORM_ID } }),
    on(fieldMappingApi.create, async ({ request }) => ({ predefinedValue: null, concatenateDelimiter: null, ...fieldMappingApi.create.body.parse(await request.json()), _id: 'm1', updatedAt: '2024-01-01T00:00:00Z' })),
    on(fieldMappingApi.remove, () => failure(404, { code: 'not_found', message: 'Field mapping not found.' }), { params: { id: 'm1' } }),
  );
}

/** Add mapping waits for the template and the questions, then opens the form. */
async function openAddForm() {
  const add = await screen.findByRole('button', { name: 'Add mapping' });
  await waitFor(() => expect(add).toBeEnabled());
  await userEvent.click(add);
  return screen.findByRole('dialog', { name: 'Add mapping' });
}

// jsdom has no ResizeObserver; Headless UI's anchored list uses one to follow its button.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('FieldMappingPage', { timeout: 30_000 }, () => {
  it('keeps Save disabled until a field is chosen, shows its type, and offers no headings or buttons', async () => {
    serve();
    renderPage('/dashboard/configurations/field-mapping', <FieldMappingPage />);
    expect(await screen.findByText('No field mappings yet')).toBeInTheDocument();
    const dialog = await openAddForm();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(within(dialog).getByLabelText(/Quality process field/)).toBeDisabled();

    await userEvent.selectOptions(within(dialog).getByLabelText('Quality process step'), 'S1');
    expect(save).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText(/Quality process field/), TITLE);
    expect(save).toBeEnabled();
    expect(within(dialog).getByText('Single line text')).toBeInTheDocument();
    expect(within(dialog).getByText('Required in Arena')).toBeInTheDocument();

    const question = within(dialog).getByLabelText(/Question 1/);
    expect(within(question).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '-- Select Question --',
      'Full Name (Id : 3)',
      'Email (Id : 4)',
      'Portal: Reportability decision',
      'Portal: Reportability category',
      'Portal: Reporting regimes',
      'Portal: CH-Title',
      'Portal: Become-aware date',
      'Portal: Investigation deadline',
    ]);
    expect(within(dialog).getByLabelText('Answer key')).toHaveValue('answer');
  });

  it('clears the predefined value and the delimiter when their switches are toggled', async () => {
    serve();
    renderPage('/dashboard/configurations/field-mapping', <FieldMappingPage />);
    const dialog = await openAddForm();
    const predefined = within(dialog).getByRole('switch', { name: 'Predefined' });
    await userEvent.click(predefined);
    await userEvent.type(within(dialog).getByLabelText(/Predefined value/), 'Fixed');
    await userEvent.click(predefined);
    expect(within(dialog).queryByLabelText(/Predefined value/)).toBeNull();
    await userEvent.click(predefined);
    expect(within(dialog).getByLabelText(/Predefined value/)).toHaveValue('');
    await userEvent.click(predefined);

    const concatenate = within(dialog).getByRole('switch', { name: 'Concatenate' });
    await userEvent.click(concatenate);
    await userEvent.type(within(dialog).getByLabelText(/Delimiter/), ' / ');
    await userEvent.click(concatenate);
    await userEvent.click(concatenate);
    expect(within(dialog).getByLabelText(/Delimiter/)).toHaveValue('');
  });

  it('creates a mapping with a question, its answer key and preprocessing, and toasts', async () => {
    const server = serve();
    renderPage('/dashboard/configurations/field-mapping', <FieldMappingPage />);
    const dialog = await openAddForm();
    await userEvent.selectOptions(within(dialog).getByLabelText('Quality process step'), 'S1');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Quality process field/), TITLE);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Choose a question.')).toBeInTheDocument();

    await userEvent.selectOptions(within(dialog).getByLabelText(/Question 1/), '3');
    await userEvent.click(within(dialog).getByRole('button', { name: /Preprocessing functions/ }));
    await userEvent.click(await screen.findByRole('option', { name: /uppercase/ }));
    await userEvent.click(screen.getByRole('option', { name: /trim/ }));
    await userEvent.keyboard('{Escape}');
    expect(within(dialog).getByRole('button', { name: /Preprocessing functions/ })).toHaveTextContent('uppercase → trim');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add question' }));
    expect(within(dialog).getAllByLabelText('Answer key')[1]).toHaveValue('answer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove question 2' }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mapping Updated!')).toBeInTheDocument();
    expect(server.callsTo('POST', '/v1/field-mapping')[0]?.body).toEqual({
      arenaFieldGUID: TITLE, name: 'Complaint Title', predefined: false, predefinedValue: null, concatenate: false, concatenateDelimiter: null,
      formFieldQID: [{ qid: '3', answer: 'answer', preprocessingFunctions: ['uppercase', 'trim'] }],
    });
  });

  it("lists mappings and says 'Failed to delete mapping:' with the reason", async () => {
    serve([{ _id: 'm1', arenaFieldGUID: REPORTABLE, name: 'Reportable?', predefined: true, predefinedValue: 'Yes', concatenate: false, concatenateDelimiter: null, formFieldQID: [], updatedAt: '2024-01-01T00:00:00Z' }]);
    renderPage('/dashboard/configurations/field-mapping', <FieldMappingPage />);
    const item = await screen.findByRole('listitem', { name: 'Reportable?' });
    expect(item).toHaveTextContent(REPORTABLE);
    expect(item).toHaveTextContent('Predefined');
    expect(item).toHaveTextContent('Yes');
    await userEvent.click(within(item).getByRole('button', { name: /Delete/ }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete mapping?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete mapping: Field mapping not found.')).toBeInTheDocument();
  });
});
