import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Question, questionsApi } from '#shared/contract/questions';
import { type Form, submissionsApi } from '#shared/contract/submissions';
import { renderPage } from '../../test-support/render.tsx';
import { failure, fakeServer, on } from '../../test-support/server.ts';
import { EditFormPage } from './edit-form-page.tsx';

const FORM: Form = { id: '250000000000001', title: 'Complaint Form - BTS', status: 'ENABLED', count: 30, lastSubmission: null, timeZone: 'America/New_York' };
const THE_FORM = { params: { formId: FORM.id } };
const ROW_HEIGHT = 60;

function questions(): Question[] {
  return [
    { qid: '1', order: 1, text: 'Complaint Form - BTS', type: 'control_head' },
    { qid: '3', order: 2, text: 'Full name', type: 'control_fullname' },
    { qid: '4', order: 3, text: 'Email', type: 'control_email' },
  ];
}

/**
 * The server of this page: forms, questions, add, delete and save order. Like JotForm, an added
 * question gets the next qid and keeps the order it was sent with, whoever else has it; the list
 * comes sorted by order, then qid.
 */
function serve(list = questions()) {
  let current = list;
  const sorted = () => [...current].sort((a, b) => a.order - b.order || Number(a.qid) - Number(b.qid));
  return fakeServer(
    on(submissionsApi.forms, () => ({ results: [FORM] })),
    on(questionsApi.list, () => ({ results: sorted() }), THE_FORM),
    on(
      questionsApi.add,
      async ({ request }) => {
        const body = (await request.json()) as { text: string; order: number; type: string };
        current = [...current, { ...body, qid: String(Math.max(...current.map((q) => Number(q.qid))) + 1) }];
        return null;
      },
      THE_FORM,
    ),
    on(questionsApi.remove, ({ params }) => {
      current = current.filter((q) => q.qid !== params.questionId);
      return null;
    }),
    on(
      questionsApi.reorder,
      async ({ request }) => {
        const { order } = (await request.json()) as { order: string[] };
        current = order.map((qid, i) => ({ ...current.find((q) => q.qid === qid)!, order: i + 1 }));
        return null;
      },
      THE_FORM,
    ),
  );
}

const rows = () => within(screen.getByRole('list', { name: 'Form questions' })).getAllByRole('listitem');
const rowTexts = () => rows().map((row) => row.textContent);

// jsdom lays nothing out; dnd-kit measures rows, so each row gets a box by its place in the list.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const row = this.closest('li[data-qid]');
    const index = row ? Array.from(row.parentElement!.children).indexOf(row) : -1;
    const top = index < 0 ? 0 : index * ROW_HEIGHT;
    const height = index < 0 ? 0 : ROW_HEIGHT;
    return { x: 0, y: top, top, left: 0, width: 600, height, right: 600, bottom: top + height, toJSON: () => ({}) } as DOMRect;
  });
});

// Full page flows with dialogs and drags take a few seconds in jsdom on a busy machine.
describe('EditFormPage', { timeout: 30_000 }, () => {
  it("shows 'Loading form questions...' and then each question's order, id, text and type", async () => {
    serve();
    renderPage('/dashboard/jotforms/edit', <EditFormPage />);
    expect(await screen.findByText('Loading form questions...')).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Form questions' });
    const [, second] = rows();
    expect(second).toHaveTextContent('#2');
    expect(second).toHaveTextContent('Id : 3');
    expect(second).toHaveTextContent('Full name');
    expect(second).toHaveTextContent('control_fullname');
    expect(within(second!).getByRole('button', { name: 'Reorder question 3: Full name' })).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Delete question 3: Full name' })).toBeInTheDocument();
  });

  it("says 'Failed to fetch form questions' when the questions cannot be read", async () => {
    fakeServer(on(submissionsApi.forms, () => ({ results: [FORM] })), on(questionsApi.list, () => failure(502), THE_FORM));
    renderPage('/dashboard/jotforms/edit', <EditFormPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to fetch form questions');
  });

  it('validates the add dialog, lists every type with only ten enabled, and adds a question', async () => {
    const server = serve();
    renderPage('/dashboard/jotforms/edit', <EditFormPage />);
    await screen.findByRole('list', { name: 'Form questions' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Question' });

    const type = within(dialog).getByLabelText(/Type/);
    const options = within(type).getAllByRole('option');
    expect(options).toHaveLength(37); // the placeholder and 36 types
    expect(options.filter((o) => !(o as HTMLOptionElement).disabled).map((o) => o.textContent)).toEqual([
      'control_textbox', 'control_textarea', 'control_checkbox', 'control_fullname', 'control_email',
      'control_phone', 'control_number', 'control_password', 'control_button', 'control_head',
    ]);
    expect(within(type).getByRole('option', { name: 'control_payment' })).toBeDisabled();

    expect(within(dialog).getByLabelText(/Order/)).toHaveValue(4);
    await userEvent.clear(within(dialog).getByLabelText(/Order/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Question text is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Order is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Type is required.')).toBeInTheDocument();
    expect(server.callsTo('POST', `/v1/jotforms/${FORM.id}/questions`)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Question text/), 'Lot number');
    await userEvent.type(within(dialog).getByLabelText(/Order/), '4');
    await userEvent.selectOptions(type, 'control_textbox');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Question Added!')).toBeInTheDocument();
    expect(server.callsTo('POST', `/v1/jotforms/${FORM.id}/questions`)[0]?.body).toEqual({ text: 'Lot number', order: 4, type: 'control_textbox' });
  });

  it('shows Save order only once the order differs from the server, and saves it', async () => {
    const server = serve();
    renderPage('/dashboard/jotforms/edit', <EditFormPage />);
    await screen.findByRole('list', { name: 'Form questions' });
    expect(screen.queryByRole('button', { name: 'Save order' })).toBeNull();

    // Keyboard drag: pick up the heading, move it 25 px at a time below 'Full name', drop it.
    const handle = screen.getByRole('button', { name: 'Reorder question 1: Complaint Form - BTS' });
    act(() => handle.focus());
    await userEvent.keyboard('[Space]');
    await userEvent.keyboard('[ArrowDown][ArrowDown]');
    await userEvent.keyboard('[Space]');
    await waitFor(() => expect(rowTexts()[0]).toContain('Full name'));
    expect(rowTexts()[1]).toContain('Complaint Form - BTS');
    expect(rows()[1]).toHaveTextContent('Moved');
    expect(screen.getByRole('button', { name: 'Save order' })).toBeInTheDocument();

    // Moving it back is no change: nothing to save.
    act(() => handle.focus());
    await userEvent.keyboard('[Space]');
    await userEvent.keyboard('[ArrowUp][ArrowUp]');
    await userEvent.keyboard('[Space]');
    await waitFor(() => expect(rowTexts()[0]).toContain('Complaint Form - BTS'));
    expect(screen.queryByRole('button', { name: 'Save order' })).toBeNull();

    act(() => handle.focus());
    await userEvent.keyboard('[Space][ArrowDown][ArrowDown][Space]');
    await userEvent.click(await screen.findByRole('button', { name: 'Save order' }));
    expect(await screen.findByText('Question order saved!')).toBeInTheDocument();
    expect(server.callsTo('PATCH', `/v1/jotforms/${FORM.id}/questions/order`)[0]?.body).toEqual({ order: ['3', '1', '4'] });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save order' })).toBeNull());
    expect(rows()[1]).toHaveTextContent('#2');
    expect(rows()[1]).not.toHaveTextContent('Moved');
  });

  it('discards a changed order', async () => {
    serve();
    renderPage('/dashboard/jotforms/edit', <EditFormPage />);
    await screen.findByRole('list', { name: 'Form questions' });
    act(() => screen.getByRole('button', { name: 'Reorder question 4: Email' }).focus());
    await userEvent.keyboard('[Space][ArrowUp][ArrowUp][Space]');
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(rowTexts().map((t) => t?.match(/Id : (\d+)/)?.[1])).toEqual(['1', '3', '4']);
    expect(screen.queryByRole('button', { name: 'Save order' })).toBeNull();
  });

  it('names each type as the form builder does, the raw type beside it for hover and focus', async () => {
    serve([...questions(), { qid: '9', order: 4, text: 'Submit', type: 'control_button' }, { qid: '10', order: 5, text: '', type: 'control_widget_thing' }]);
    renderPage('/dashboard/jotforms/edit', <EditFormPage />);
    await screen.findByRole('list', { name: 'Form questions' });
    const badge = (row: HTMLElement) => row.querySelector('[data-note]')!.previousElementSibling!.textContent;
    const note = (row: HTMLElement) => row.querySelector('[data-note]')!.textContent;
    expect(rows().map(badge)).toEqual(['Heading', 'Full Name', 'Email', 'Submit', 'Widget thing']);
    expect(rows().map(note)).toEqual([' (control_head)', ' (control_fullname)', ' (control_email)', ' (control_button)', ' (control_widget_thing)']);
  });

  it('asks an extra confirmation before deleting the Submit button or the captcha', async () => {
    const server = serve([...questions(), { qid: '9', order: 4, text: 'Submit', type: 'control_button' }, { qid: '11', order: 5, text: 'Please verify that you are human', type: 'control_captcha' }]);
    renderPage('/dashboard/jotforms/edit', <EditFormPage />);
    await screen.findByRole('list', { name: 'Form questions' });

    await userEvent.click(screen.getByRole('button', { name: 'Delete question 9: Submit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete question?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This is the form’s Submit button.The form cannot be submitted without it.');
    const remove = within(dialog).getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Delete it anyway' }));
    expect(remove).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Asked afresh each time: the earlier tick does not carry over to the captcha.
    await userEvent.click(screen.getByRole('button', { name: 'Delete question 11: Please verify that you are human' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete question?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The form cannot be submitted safely without it');
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Delete it anyway' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Question Deleted!')).toBeInTheDocument();
    expect(server.callsTo('DELETE', `/v1/jotforms/${FORM.id}/questions/11`)).toHaveLength(1);
    expect(server.callsTo('DELETE', `/v1/jotforms/${FORM.id}/questions/9`)).toHaveLength(0);
  });

  it('deletes an ordinary question with the one confirmation', async () => {
    const server = serve();
    renderPage('/dashboard/jotforms/edit', <EditFormPage />);
    await screen.findByRole('list', { name: 'Form questions' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete question 4: Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete question?' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.callsTo('DELETE', `/v1/jotforms/${FORM.id}/questions/4`)).toHaveLength(1));
  });

  it('a question added at a number already taken takes that place; the list is numbered afresh and saved in one call', async () => {
    const server = serve();
    renderPage('/dashboard/jotforms/edit', <EditFormPage />);
    await screen.findByRole('list', { name: 'Form questions' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Question' });
    await userEvent.type(within(dialog).getByLabelText(/Question text/), 'Lot number');
    await userEvent.clear(within(dialog).getByLabelText(/Order/));
    await userEvent.type(within(dialog).getByLabelText(/Order/), '2');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Type/), 'control_textbox');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const numbered = () => rowTexts().map((t) => `${/#(\d+)/.exec(t ?? '')?.[1]} ${/Id : (\d+)/.exec(t ?? '')?.[1]}`);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(numbered()).toEqual(['1 1', '2 5', '3 3', '4 4']);
    expect(screen.getByText('Two questions had the same number, so the list is numbered afresh. Save order to apply the numbers to the form.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Save order' }));
    expect(await screen.findByText('Question order saved!')).toBeInTheDocument();
    expect(server.callsTo('PATCH', `/v1/jotforms/${FORM.id}/questions/order`).map((c) => c.body)).toEqual([{ order: ['1', '5', '3', '4'] }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save order' })).toBeNull());
    expect(numbered()).toEqual(['1 1', '2 5', '3 3', '4 4']);
    // One call for the whole order, none per question.
    expect(server.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /v1/jotforms/${FORM.id}/questions`,
      `PATCH /v1/jotforms/${FORM.id}/questions/order`,
    ]);
  });

  it('closes by going up one level', async () => {
    serve();
    const router = renderPage('/dashboard/jotforms/edit', <EditFormPage />, [{ path: '/dashboard/jotforms', element: <p>submissions</p> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(await screen.findByText('submissions')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/jotforms');
  });
});
