import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestHandler } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { qualityProcessApi } from '#shared/contract/quality-process';
import { submissionsApi } from '#shared/contract/submissions';
import { FORM_ID, pageOf, reviewedForm, submission, submissionRow as row } from '../../../../tests/support/submission-fixtures.ts';
import { toast } from '../../lib/toast.ts';
import { renderAt, signInAs } from '../../test-support/render.tsx';
import { type FakeServer, type Resolver, failure, fakeServer, file, on } from '../../test-support/server.ts';
import { localDate } from '#shared/dates';
import { SubmissionsListPage } from './submissions-list-page.tsx';

// Whole pages render here; a busy machine running several suites needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const ROWS = [
  row({ id: '1', submitter: 'Ada Lovelace', followup: 'Pump returned to the manufacturer for analysis', followupAttempts: 2 }),
  row({ id: '2', submitter: 'Grace Hopper', submissionStatus: 'Pending Transfer', reportable: true }),
  row({ id: '3', submitter: 'Alan Turing', submissionStatus: 'Transfer Error', transferError: 'Arena down', decision: 'not_reportable' }),
  row({ id: '4', submitter: 'Edsger Dijkstra', submissionStatus: 'Successful Transfer', chNumber: 'CH-000101', chTitle: 'Pump alarms', emailDelivered: true }),
];

/** The form and its four rows; `extra` handlers reply first. */
function serve(...extra: RequestHandler[]) {
  return fakeServer(...extra, on(submissionsApi.forms, () => ({ results: [reviewedForm({ count: 3 })] })), list(() => pageOf(ROWS, { totalResults: 4 })));
}

/** The form's list endpoint, its replies made by `reply`. */
function list(reply: Resolver<typeof submissionsApi.list>) {
  return on(submissionsApi.list, reply, { params: { formId: FORM_ID } });
}

function renderList(url = '/dashboard/jotforms') {
  return renderAt(url, [
    { path: '/dashboard/jotforms', element: <SubmissionsListPage /> },
    { path: '/dashboard/jotforms/edit', element: <p>edit form</p> },
    { path: '/dashboard/jotforms/submission/:id', element: <p>details</p> },
  ]);
}

const listCalls = (server: FakeServer) => server.callsTo('GET', `/v1/jotforms/${FORM_ID}`);
const lastQuery = (server: FakeServer) => Object.fromEntries(listCalls(server).at(-1)!.query);
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

beforeEach(() => {
  vi.clearAllMocks();
  signInAs('staff');
});
afterEach(() => vi.unstubAllGlobals());

describe('SubmissionsListPage', () => {
  it('titles the page after the form and shows the ten columns, statuses and cells', async () => {
    const server = serve();
    renderList();
    expect(await screen.findByRole('heading', { level: 1, name: 'Form: Complaint Form - BTS' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Form Submissions' })).toBeInTheDocument();
    await screen.findByText('Ada Lovelace', {}, { timeout: 5000 });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Submission Date', 'Submitter Name', 'Form Status', 'BAD', 'Investigation Deadline', 'Reportable', 'CH-Number', 'CH-Title', 'Good Faith Efforts', 'Delivered', 'Reporting due',
    ]);
    expect(lastQuery(server)).toEqual({ page: '1', limit: '10', sortBy: 'submissionDate:desc' });
    expect(screen.queryByRole('link', { name: 'Edit form' })).toBeNull();
    expect(within(rowOf('Ada Lovelace')).getAllByRole('cell')[8]).toHaveTextContent(/^Pump returned to the manu…2 attemptsAdd attempt$/);
    expect(within(rowOf('Ada Lovelace')).getByRole('button', { name: 'Add attempt' })).toBeInTheDocument();
    // Each flag's button says what it does.
    expect(within(rowOf('Ada Lovelace')).getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    expect(rowOf('Grace Hopper')).toHaveClass('bg-green-50');
    // Three states in the Reportable column; the two not yet reportable keep the Mark reportable button.
    const reportableCell = (name: string) => within(rowOf(name)).getAllByRole('cell')[5]!;
    expect(reportableCell('Grace Hopper')).toHaveTextContent(/^Reportable$/);
    expect(reportableCell('Alan Turing')).toHaveTextContent(/^Not reportableMark reportable$/);
    expect(reportableCell('Ada Lovelace')).toHaveTextContent(/^UndecidedMark reportable$/);
    expect(within(reportableCell('Alan Turing')).getByRole('button', { name: 'Mark reportable' })).toBeInTheDocument();
    expect(within(rowOf('Grace Hopper')).getByRole('button', { name: 'Create' })).toBeInTheDocument();
    expect(within(rowOf('Alan Turing')).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(within(rowOf('Edsger Dijkstra')).getByText('CH-000101')).toBeInTheDocument();
    expect(within(rowOf('Alan Turing')).queryByText('CH-000101')).toBeNull();
  });

  it('shows submission times in the viewer’s zone, labelled, with the JotForm account’s time as a note', async () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    const late = row({ id: '5', submitter: 'Barbara Liskov', created_at: '2025-03-05 01:30:00', submissionDate: '2025-03-05T06:30:00.000Z' });
    serve(list(() => pageOf([ROWS[0]!, late], { totalResults: 2 })));
    renderList();
    await screen.findByText('Ada Lovelace', {}, { timeout: 5000 });
    // created_at 10:20:30 on the account's New York clock is 15:20:30 UTC, 07:20 in Los Angeles:
    // the note is written in full, in the one format, even on the same day.
    const cell = within(rowOf('Ada Lovelace')).getAllByRole('cell')[0]!;
    expect(cell.querySelector('time')).toHaveAttribute('datetime', '2025-03-04T15:20:30.000Z');
    expect(cell.querySelector('time')).toHaveTextContent('2025-03-04 07:20 PST');
    expect(cell).toHaveTextContent('JotForm account time: 2025-03-04 10:20 EST');
    // 01:30 in New York is still the evening before in Los Angeles: the note's own day.
    const lateCell = within(rowOf('Barbara Liskov')).getAllByRole('cell')[0]!;
    expect(lateCell.querySelector('time')).toHaveTextContent('2025-03-04 22:30 PST');
    expect(lateCell).toHaveTextContent('JotForm account time: 2025-03-05 01:30 EST');
    vi.unstubAllEnvs();
  });

  it('marks a deadline near or past by the JotForm account’s today, not the viewer’s', async () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    // 20:00 UTC: the 4th in Los Angeles, already the 5th on the account's Tokyo calendar.
    vi.useFakeTimers({ now: new Date('2025-03-04T20:00:00Z'), toFake: ['Date'] });
    try {
      const due = row({ id: '5', submitter: 'Barbara Liskov', investigationDeadline: '2025-03-04' });
      fakeServer(on(submissionsApi.forms, () => ({ results: [reviewedForm({ timeZone: 'Asia/Tokyo' })] })), list(() => pageOf([due], { totalResults: 1 })));
      renderList();
      await screen.findByText('Barbara Liskov', {}, { timeout: 5000 });
      await waitFor(() => expect(within(rowOf('Barbara Liskov')).getAllByRole('cell')[4]).toHaveTextContent('2025-03-04(Overdue)'));
    } finally {
      vi.useRealTimers();
      vi.unstubAllEnvs();
    }
  });

  it('shows the edit icon to admins, linking to the relative route edit', async () => {
    serve();
    signInAs('admin');
    const { router } = renderList();
    await userEvent.click(await screen.findByRole('link', { name: 'Edit form' }));
    expect(router.state.location.pathname).toBe('/dashboard/jotforms/edit');
  });

  it('opens a row by click and by Enter, but not through its cell controls', async () => {
    serve();
    const { router } = renderList();
    await screen.findByText('Ada Lovelace', {}, { timeout: 5000 });
    await userEvent.click(within(rowOf('Ada Lovelace')).getByRole('button', { name: 'Mark reportable' }));
    expect(await screen.findByRole('dialog', { name: 'Mark as Reportable' })).toHaveTextContent('Do you want to mark this submission as reportable?');
    expect(router.state.location.pathname).toBe('/dashboard/jotforms');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    rowOf('Grace Hopper').focus();
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/dashboard/jotforms/submission/2');
  });

  it('sends {emailDelivered: true} to mark-reportable and reloads the list', async () => {
    const server = serve(on(submissionsApi.markReportable, () => ({ results: ROWS[0]! })));
    renderList();
    await screen.findByText('Ada Lovelace', {}, { timeout: 5000 });
    const before = listCalls(server).length;
    await userEvent.click(within(rowOf('Ada Lovelace')).getByRole('button', { name: 'Mark reportable' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Marked as reportable'));
    expect(server.callsTo('PATCH', '/v1/jotforms/submission/1/mark-reportable')[0]!.body).toEqual({ emailDelivered: true });
    // Confirmed without a rationale: the rationale is offered at once; Later leaves it for another time.
    const offer = await screen.findByRole('dialog', { name: 'Marked as reportable' });
    expect(within(offer).getByRole('button', { name: 'Add rationale now' })).toBeInTheDocument();
    await userEvent.click(within(offer).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listCalls(server).length).toBeGreaterThan(before));
  });

  it('Retry sends chTitle "temp" at once; a failure toasts the server message and still reloads', async () => {
    const server = serve(on(qualityProcessApi.create, () => failure(502, { code: 'upstream_failed', message: 'Arena replied 503.' })));
    renderList();
    await screen.findByText('Alan Turing', {}, { timeout: 5000 });
    const before = listCalls(server).length;
    await userEvent.click(within(rowOf('Alan Turing')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Arena replied 503.'));
    expect(server.callsTo('PATCH', '/v1/jotforms/submission/3/quality-process')[0]!.body).toEqual({ chTitle: 'temp' });
    await waitFor(() => expect(listCalls(server).length).toBeGreaterThan(before));
  });

  it('Create asks for a name and saves it as chTitle', async () => {
    const server = serve(on(qualityProcessApi.create, () => null), on(submissionsApi.get, () => submission({ id: '2', submissionStatus: 'Successful Transfer', chTitle: 'Pump alarm', chNumber: 'CH-000777' }), { params: { id: '2' } }));
    renderList();
    await screen.findByText('Grace Hopper', {}, { timeout: 5000 });
    await userEvent.click(within(rowOf('Grace Hopper')).getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Quality Process' });
    const name = within(dialog).getByLabelText(/Quality Process Name/);
    expect(name).toBeRequired();
    expect(name).toHaveAttribute('placeholder', 'Enter name');
    await userEvent.type(name, '  Pump alarm  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The spec's toast, with the new process's CH number beside it.
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Status updated successfully', 'Quality process CH-000777 created in Arena.'));
    expect(server.callsTo('PATCH', '/v1/jotforms/submission/2/quality-process')[0]!.body).toEqual({ chTitle: 'Pump alarm' });
  });

  it('Follow-Ups: Save does nothing while the text is blank after trimming', async () => {
    const server = serve(on(submissionsApi.createFollowup, () => ({ results: ROWS[1]! })));
    renderList();
    await screen.findByText('Grace Hopper', {}, { timeout: 5000 });
    await userEvent.click(within(rowOf('Grace Hopper')).getByRole('button', { name: 'Add attempt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Follow-Ups' });
    const text = within(dialog).getByPlaceholderText('Enter follow-up details');
    await userEvent.type(text, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(server.callsTo('PATCH', /create-followup/)).toHaveLength(0);
    expect(dialog).toBeInTheDocument();

    await userEvent.type(text, ' Called the reporter. ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Follow-up updated successfully'));
    expect(server.callsTo('PATCH', '/v1/jotforms/submission/2/create-followup')[0]!.body).toEqual({ followup: 'Called the reporter.' });
  });

  it('date filters become bad_gte / bad_lte; Custom asks nothing until both dates are set', async () => {
    const server = serve();
    renderList();
    await screen.findByText('Ada Lovelace', {}, { timeout: 5000 });
    const today = new Date();
    const range = screen.getByLabelText('Date filter');
    expect(range).toHaveValue('all');
    expect(within(range).getAllByRole('option').map((o) => o.textContent)).toEqual(['Last 7 Days', 'This Month', 'All Time', 'Custom']);

    await userEvent.selectOptions(range, 'Last 7 Days');
    const weekAgo = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 7);
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ bad_gte: localDate(weekAgo), bad_lte: localDate(today) }));
    await userEvent.selectOptions(range, 'This Month');
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ bad_gte: localDate(new Date(today.getFullYear(), today.getMonth(), 1)), bad_lte: localDate(today) }));

    await userEvent.selectOptions(range, 'Custom');
    const before = listCalls(server).length;
    const exportsBefore = server.callsTo('GET', /exportSubmissionsCSV/).length;
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2025-01-01' } });
    expect(screen.getByLabelText('End Date')).toHaveValue('');
    expect(screen.getByText('Choose both a start date and an end date to apply the custom range.')).toBeInTheDocument();
    const exportButton = screen.getByRole('button', { name: /Export Submissions/ });
    expect(exportButton).toBeDisabled();
    await userEvent.click(exportButton);

    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2025-01-31' } });
    await waitFor(() => expect(lastQuery(server)).toEqual({ page: '1', limit: '10', sortBy: 'submissionDate:desc', bad_gte: '2025-01-01', bad_lte: '2025-01-31' }));
    // A request with the start date alone would have been sent before this complete one: there was none.
    expect(listCalls(server).slice(before).map((c) => c.query.get('bad_lte'))).toEqual(['2025-01-31']);
    expect(server.callsTo('GET', /exportSubmissionsCSV/)).toHaveLength(exportsBefore);
  });

  it('search (debounced), status, sorting and rows per page reach the query', async () => {
    const server = serve();
    renderList();
    await screen.findByText('Ada Lovelace', {}, { timeout: 5000 });
    await userEvent.type(screen.getByLabelText('Search'), 'CH-0001');
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ search: 'CH-0001' }));
    expect(listCalls(server).filter((c) => c.query.get('search')?.startsWith('CH'))).toHaveLength(1);
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Denied');
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ status: 'Denied', search: 'CH-0001' }));
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Investigation Deadline/ })).getByRole('button'));
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ sortBy: 'investigationDeadline:asc' }));
    await userEvent.selectOptions(screen.getByLabelText('Rows per page:'), '30');
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ limit: '30', page: '1' }));
  });

  it('Export Submissions downloads submissions_export.csv with the filters', async () => {
    const server = serve(on(submissionsApi.exportCsv, () => file('Submission Date\r\n')));
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderList('/dashboard/jotforms?status=Denied&range=custom&from=2025-01-01&to=2025-01-31');
    await screen.findByText('Ada Lovelace', {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: /Export Submissions/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Submission CSV downloaded'));
    expect(toast.error).not.toHaveBeenCalled();
    expect(clicks).toEqual(['submissions_export.csv']);
    expect(Object.fromEntries(server.callsTo('GET', `/v1/jotforms/${FORM_ID}/exportSubmissionsCSV`)[0]!.query)).toEqual({ bad_gte: '2025-01-01', bad_lte: '2025-01-31', status: 'Denied', sortBy: 'submissionDate:desc' });
  });

  it('Download complaint register downloads complaint_register.csv with the filters, busy while it comes; a refusal says why', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = serve(on(submissionsApi.exportRegister, async () => (await held, file('Submission ID\r\n'))));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderList('/dashboard/jotforms?status=Denied&sort=submitter:asc');
    await screen.findByText('Ada Lovelace', {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Download complaint register' }));
    // Busy: its text says so, and neither download can start a second file meanwhile.
    expect(await screen.findByRole('button', { name: /Downloading/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Export Submissions/ })).toBeDisabled();
    release();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Complaint register downloaded'));
    expect(clicks).toEqual(['complaint_register.csv']);
    // The list's filters, not its order: the register is newest first.
    expect(Object.fromEntries(server.callsTo('GET', `/v1/jotforms/${FORM_ID}/complaint-register.csv`)[0]!.query)).toEqual({ status: 'Denied' });
    expect(screen.getByRole('button', { name: 'Download complaint register' })).toBeEnabled();

    server.use(on(submissionsApi.exportRegister, () => failure(403, { code: 'forbidden', message: 'Not for you.' })));
    await userEvent.click(screen.getByRole('button', { name: 'Download complaint register' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Not for you.'));
    expect(clicks).toEqual(['complaint_register.csv']);
    expect(screen.getByRole('button', { name: 'Download complaint register' })).toBeEnabled();
  });

  it('the CSV follows the sort on screen, with every active filter', async () => {
    const server = serve(on(submissionsApi.exportCsv, () => file('Submission Date\r\n')));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderList('/dashboard/jotforms?q=ada&status=Pending%20Review');
    await screen.findByText('Ada Lovelace', {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: /Submitter Name/ }));
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ sortBy: 'submitter:asc' }));
    await screen.findByText('Ada Lovelace');
    await userEvent.click(screen.getByRole('button', { name: /Export Submissions/ }));
    await waitFor(() => expect(server.callsTo('GET', `/v1/jotforms/${FORM_ID}/exportSubmissionsCSV`)).toHaveLength(1));
    expect(Object.fromEntries(server.callsTo('GET', `/v1/jotforms/${FORM_ID}/exportSubmissionsCSV`)[0]!.query)).toEqual({ search: 'ada', status: 'Pending Review', sortBy: 'submitter:asc' });
  });

  it('an empty list without filters says “There are no records to display”, offers no row to click and nothing to export', async () => {
    serve(list(() => pageOf([], { totalResults: 0 })));
    renderList();
    expect(await screen.findByText('There are no records to display', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('0 submissions')).toBeInTheDocument();
    expect(screen.queryByText(/click a row/)).toBeNull();
    expect(screen.getByRole('button', { name: /Export Submissions/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('a filtered empty list says the empty text, that nothing matches, and clears the filters, keeping the sort', async () => {
    const server = serve(list(({ request }) => (new URL(request.url).searchParams.has('status') ? pageOf([], { totalResults: 0 }) : pageOf(ROWS, { totalResults: 4 }))));
    const { router } = renderList('/dashboard/jotforms?status=Denied&range=last7&q=zed&sort=submitter:asc');
    expect(await screen.findByText('There are no records to display', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('No submissions match the filters.')).toBeInTheDocument();
    expect(screen.queryByText(/click a row/)).toBeNull();
    expect(screen.getByRole('button', { name: /Export Submissions/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(lastQuery(server)).toEqual({ page: '1', limit: '10', sortBy: 'submitter:asc' });
    expect(router.state.location.search).toBe('?sort=submitter%3Aasc');
    expect(screen.getByText('4 submissions · click a row to open it')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export Submissions/ })).toBeEnabled();
  });
});
