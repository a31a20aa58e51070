import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { submissionsApi } from '#shared/contract/submissions';
import { FORM_ID, pageOf, reviewedForm, submissionRow as row } from '../../../../tests/support/submission-fixtures.ts';
import { toast } from '../../lib/toast.ts';
import { renderAt, signInAs } from '../../test-support/render.tsx';
import { type FakeServer, fakeServer, file, on } from '../../test-support/server.ts';
import { SubmissionsListPage } from './submissions-list-page.tsx';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const ROWS = [
  row({ id: '1', submitter: 'Ada Lovelace', reportingDue: '2026-01-02', clock: 'overdue', reportingClocks: [{ regime: 'EU_MDR', due: '2026-01-02', reportedOn: null }] }),
  row({ id: '2', submitter: 'Grace Hopper', reportingDue: '2026-02-10', clock: 'due_soon' }),
  row({ id: '3', submitter: 'Alan Turing', reportingDue: null, clock: 'met', decision: 'reportable' }),
  row({ id: '4', submitter: 'Edsger Dijkstra', reportingDue: null, clock: 'none', decision: 'not_reportable' }),
];

function serve() {
  return fakeServer(
    on(submissionsApi.forms, () => ({ results: [reviewedForm()] })),
    on(submissionsApi.list, () => pageOf(ROWS), { params: { formId: FORM_ID } }),
    on(submissionsApi.exportCsv, () => file('Submission Date\r\n'), { params: { formId: FORM_ID } }),
  );
}

function renderList(url = '/dashboard/jotforms') {
  return renderAt(url, [
    { path: '/dashboard/jotforms', element: <SubmissionsListPage /> },
    { path: '/dashboard/jotforms/submission/:id', element: <p>details</p> },
  ]).router;
}

const lastQuery = (server: FakeServer) => Object.fromEntries(server.callsTo('GET', `/v1/jotforms/${FORM_ID}`).at(-1)!.query);
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

beforeEach(() => {
  vi.clearAllMocks();
  signInAs('staff');
});
afterEach(() => vi.unstubAllGlobals());

describe('Reporting due and the clock / decision filters', () => {
  it('adds "Reporting due" after the ten columns, hidden at ≤ 1280 px, with the date and its state in words', async () => {
    serve();
    renderList();
    await screen.findByText('Ada Lovelace', {}, { timeout: 5000 });
    const headers = screen.getAllByRole('columnheader');
    expect(headers).toHaveLength(11);
    expect(headers[10]).toHaveTextContent('Reporting due');
    expect(headers[10]).toHaveClass('upto-1280:hidden');
    const cells = (name: string) => within(rowOf(name)).getAllByRole('cell');
    expect(cells('Ada Lovelace')[10]).toHaveTextContent('2026-01-02Overdue');
    expect(cells('Grace Hopper')[10]).toHaveTextContent('2026-02-10Due soon');
    expect(cells('Alan Turing')[10]).toHaveTextContent('Met');
    expect(cells('Edsger Dijkstra')[10]).toHaveTextContent('-');
  });

  it('clock and decision reach the query, the URL and the CSV export', async () => {
    const server = serve();
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const router = renderList();
    await screen.findByText('Ada Lovelace', {}, { timeout: 5000 });
    const clock = screen.getByLabelText('Reporting clock');
    expect(within(clock).getAllByRole('option').map((o) => o.textContent)).toEqual(['All clocks', 'Overdue', 'Due soon', 'Open', 'Due within 7 days']);
    const decision = screen.getByLabelText('Decision');
    expect(within(decision).getAllByRole('option').map((o) => o.textContent)).toEqual(['All decisions', 'Undecided', 'Reportable', 'Not reportable']);
    await userEvent.selectOptions(clock, 'Overdue');
    await userEvent.selectOptions(decision, 'Undecided');
    await waitFor(() => expect(lastQuery(server)).toMatchObject({ clock: 'overdue', decision: 'undecided' }));
    expect(router.state.location.search).toBe('?clock=overdue&decision=undecided');
    await userEvent.click(screen.getByRole('button', { name: /Export Submissions/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Submission CSV downloaded'));
    expect(Object.fromEntries(server.callsTo('GET', `/v1/jotforms/${FORM_ID}/exportSubmissionsCSV`)[0]!.query)).toEqual({ clock: 'overdue', decision: 'undecided', sortBy: 'submissionDate:desc' });
  });

  it('deadline=week from a dashboard link shows as a removable filter', async () => {
    const server = serve();
    const router = renderList('/dashboard/jotforms?deadline=week&clock=due_soon');
    await screen.findByText('Ada Lovelace', {}, { timeout: 5000 });
    expect(lastQuery(server)).toMatchObject({ deadline: 'week', clock: 'due_soon' });
    expect(screen.getByLabelText('Reporting clock')).toHaveValue('due_soon');
    // Every filter in force shows, the clock's too, whichever link set it.
    expect(screen.getByRole('button', { name: 'Remove filter: Reporting clock: Due soon' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter: Investigation deadline within a week' }));
    await waitFor(() => expect(lastQuery(server).deadline).toBeUndefined());
    expect(router.state.location.search).toBe('?clock=due_soon');
    expect(screen.queryByRole('button', { name: /Investigation deadline within a week/ })).toBeNull();
  });
});
