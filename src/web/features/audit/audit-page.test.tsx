import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AuditEntry, auditApi } from '#shared/contract/audit';
import { pageOf } from '../../../../tests/support/submission-fixtures.ts';
import { toast } from '../../lib/toast.ts';
import { renderAt, signInAs } from '../../test-support/render.tsx';
import { type FakeServer, fakeServer, file, on } from '../../test-support/server.ts';
import { AuditPage } from './audit-page.tsx';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const ENTRIES: AuditEntry[] = [
  {
    id: 'a2',
    at: '2026-11-23T14:02:00.000Z',
    actor: { id: 'u9', name: 'Dana Reyes', email: 'dana@example.com' },
    actorEmail: 'dana@example.com',
    address: '203.0.113.9',
    entity: 'submission',
    entityId: '6001',
    action: 'mark reportable',
    changes: [{ field: 'reportable', before: false, after: true }],
    submission: { chNumber: 'CH-000123', submitter: 'Ada Lovelace' },
  },
  { id: 'a1', at: '2026-11-20T09:15:00.000Z', actor: null, actorEmail: null, address: null, entity: 'user', entityId: 'u7', action: 'create', changes: [] },
  {
    id: 'a0',
    at: '2026-11-19T08:00:00.000Z',
    actor: { id: 'u9', name: 'Dana Reyes', email: 'dana@example.com' },
    actorEmail: 'dana@example.com',
    address: null,
    entity: 'field_mapping',
    entityId: 'm1',
    action: 'update',
    changes: [{ field: 'updatedAt', before: '2026-11-18T12:53:07.512Z', after: '2026-11-19T08:00:00.104Z' }],
  },
  {
    id: 'a_1',
    at: '2026-11-18T08:00:00.000Z',
    actor: { id: 'u9', name: 'Dana Reyes', email: 'dana@example.com' },
    actorEmail: 'dana@example.com',
    address: null,
    entity: 'submission',
    entityId: '6002',
    action: 'decide reportability',
    changes: [
      { field: 'decision', before: 'undecided', after: 'not_reportable' },
      { field: 'category', before: null, after: 'standard' },
    ],
    submission: { chNumber: null, submitter: 'Grace Hopper' },
  },
];

function serve() {
  return fakeServer(
    on(auditApi.list, () => pageOf(ENTRIES, { limit: 25, totalResults: 3 })),
    on(auditApi.actions, () => ({ results: ['create', 'decide reportability'] })),
    on(auditApi.exportCsv, () => file('Time,Actor\r\n')),
  );
}

const renderAudit = (url = '/dashboard/audit') => renderAt(url, [{ path: '/dashboard/audit', element: <AuditPage /> }, { path: '/dashboard/jotforms/submission/:id', element: <p>details</p> }]).router;
const lastQuery = (server: FakeServer) => Object.fromEntries(server.callsTo('GET', '/v1/audit').at(-1)!.query);

const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'UTC';
});
afterAll(() => {
  process.env.TZ = zone;
});
beforeEach(() => {
  vi.clearAllMocks();
  signInAs('admin');
});
afterEach(() => vi.unstubAllGlobals());

describe('AuditPage', () => {
  it('says the trail cannot be cleared, and lists who changed what, when, before → after', async () => {
    const server = serve();
    renderAudit();
    expect(screen.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeInTheDocument();
    expect(screen.getByText(/cannot be cleared, unlike the system logs/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Clear$/ })).toBeNull();
    const table = await screen.findByRole('table', { name: 'Audit trail' }, { timeout: 5000 });
    // A mark-reportable is filed under the decision it is, and the submission is named as people know it.
    await within(table).findByText('Reportability decided: marked reportable (no rationale)');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2026-11-23 14:02 UTC');
    expect(rows[1]).toHaveTextContent('Dana Reyes');
    expect(rows[1]).toHaveTextContent('Reportable: No → changed to Yes');
    expect(within(rows[1]!).getAllByRole('link', { name: 'CH-000123 · Ada Lovelace' })[0]).toHaveAttribute('href', '/dashboard/jotforms/submission/6001');
    expect(rows[1]).not.toHaveTextContent('6001');
    // Codes read as words.
    expect(rows[4]).toHaveTextContent('Reportability decided');
    expect(rows[4]).toHaveTextContent('Decision: Undecided → changed to Not reportable');
    expect(rows[4]).not.toHaveTextContent('not_reportable');
    expect(within(rows[4]!).getAllByRole('link', { name: 'Grace Hopper' })[0]).toHaveAttribute('href', '/dashboard/jotforms/submission/6002');
    expect(rows[2]).toHaveTextContent('JotForm / the portal');
    // A changed time reads like every other time on screen, never as a raw ISO instant.
    expect(rows[3]).toHaveTextContent('Updated at: 2026-11-18 12:53 UTC → changed to 2026-11-19 08:00 UTC');
    expect(rows[3]).not.toHaveTextContent(/T\d{2}:\d{2}/);
    expect(lastQuery(server)).toEqual({ page: '1', limit: '25' });
  });

  it('filters by entity, action (from the API), actor and dates, in the URL; the CSV export takes the same filters', async () => {
    const server = serve();
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const router = renderAudit();
    await screen.findByRole('table', { name: 'Audit trail' }, { timeout: 5000 });
    await userEvent.selectOptions(screen.getByLabelText('Entity'), 'Submission');
    await waitFor(() => expect(within(screen.getByLabelText('Action')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All actions', 'Create', 'Reportability decided']));
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Reportability decided');
    await userEvent.type(screen.getByLabelText('Submission'), 'CH-000123');
    await userEvent.type(screen.getByLabelText('Actor'), 'dana@');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    const filters = { entity: 'submission', action: 'decide reportability', submission: 'CH-000123', actor: 'dana@', from: '2026-11-01', to: '2026-11-30' };
    await waitFor(() => expect(lastQuery(server)).toEqual({ ...filters, page: '1', limit: '25' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual(filters);

    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Audit trail CSV downloaded'));
    expect(downloads).toEqual(['audit_trail.csv']);
    expect(Object.fromEntries(server.callsTo('GET', '/v1/audit/export')[0]!.query)).toEqual(filters);

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastQuery(server)).toEqual({ page: '1', limit: '25' }));
  });

  it('hides reads until Show reads is ticked, and keeps the choice in the URL and the export', async () => {
    const server = serve();
    const router = renderAudit();
    await screen.findByRole('table', { name: 'Audit trail' }, { timeout: 5000 });
    const showReads = screen.getByRole('checkbox', { name: 'Show reads' });
    expect(showReads).not.toBeChecked();
    expect(lastQuery(server)).toEqual({ page: '1', limit: '25' });

    await userEvent.click(showReads);
    await waitFor(() => expect(lastQuery(server)).toEqual({ reads: 'true', page: '1', limit: '25' }));
    expect(router.state.location.search).toBe('?reads=true');
    expect(showReads).toBeChecked();

    await userEvent.click(showReads);
    await waitFor(() => expect(lastQuery(server)).toEqual({ page: '1', limit: '25' }));
  });
});
