import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from 'msw';
import type { Question } from '#shared/contract/questions';
import { renderPage } from '../../test-support/render.tsx';
import { fakeServer, json, noContent } from '../../test-support/server.ts';
import { EditFormPage } from './edit-form-page.tsx';

const FORM = { id: '250000000000001', title: 'Complaint Form - BTS', status: 'ENABLED', count: 30, lastSubmission: null, timeZone: 'America/New_York' };
const ROW_HEIGHT = 60;

function questions(): Question[] {
  return [
    { qid: '1', order: 1, text: 'Complaint Form - BTS', type: 'control_head' },
    { qid: '3', order: 2, text: 'Full name', type: 'control_fullname' },
    { qid: '4', order: 3, text: 'Email', type: 'control_email' },
  ];
}

/** The server of this page: forms, questions, add, delete and save order. */
function serve(list = questions()) {
  let current = list;
  return fakeServer(
    http.get('/v1/jotforms', () => json({ results: [FORM] })),
    http.get(`/v1/jotforms/${FORM.id}/questions`, () => json({ results: current })),
    http.post(`/v1/jotforms/${FORM.id}/questions`, noContent),
    http.patch(`/v1/jotforms/${FORM.id}/questions/order`, async ({ request }) => {
      const { order } = (await request.json()) as { order: string[] };
      current = order.map((qid, i) => ({ ...current.find((q) => q.qid === qid)!, order: i + 1 }));
      return noContent();
    }),
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
    fakeServer(http.get('/v1/jotforms', () => json({ results: [FORM] })), http.get(`/v1/jotforms/${FORM.id}/questions`, () => json({}, 502)));
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

  it('closes by going up one level', async () => {
    serve();
    const router = renderPage('/dashboard/jotforms/edit', <EditFormPage />, [{ path: '/dashboard/jotforms', element: <p>submissions</p> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(await screen.findByText('submissions')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/jotforms');
  });
});
