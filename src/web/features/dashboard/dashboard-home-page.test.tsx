import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardApi, dashboardOverviewApi } from '#shared/contract/dashboard';
import type { ResponseInputOf } from '#shared/contract/endpoints';
import type { Role } from '#shared/roles';
import { renderAt, signInAs } from '../../test-support/render.tsx';
import { fakeServer, on } from '../../test-support/server.ts';
import { DashboardHomePage } from './dashboard-home-page.tsx';

vi.setConfig({ testTimeout: 20_000 });

const STATS = [
  { name: 'Total Users', value: 12 },
  { name: 'Total Submissions', value: 48 },
  { name: 'Total Pending Reviews', value: 7 },
  { name: 'Total Pending Transfers', value: 3 },
  { name: 'Deadline within a Week', value: 2 },
];
const WEEKS = Array.from({ length: 12 }, (_, i): ResponseInputOf<typeof dashboardOverviewApi.overview>['weeks'][number] => ({
  weekStart: `2026-${i < 4 ? '09' : i < 8 ? '10' : '11'}-${String(1 + (i % 4) * 7).padStart(2, '0')}`,
  counts: i === 11 ? { 'Pending Review': 4, Denied: 1 } : { 'Successful Transfer': 2 },
}));

function serve() {
  return fakeServer(
    on(dashboardApi.stats, () => ({ stats: STATS })),
    on(dashboardOverviewApi.overview, () => ({ formId: '243158902746061', clocks: { overdue: 5, dueWithin7Days: 9 }, rationaleMissing: 4, potentialReportable: 2, weeks: WEEKS, assignedToMe: { open: 0, dueSoon: 0, overdue: 0 }, openPerOwner: null })),
  );
}

function renderHome(role: Role) {
  signInAs(role);
  return renderAt('/dashboard', [
    { path: '/dashboard', element: <DashboardHomePage /> },
    { path: '/dashboard/jotforms', element: <p>list</p> },
    { path: '/dashboard/users', element: <p>users</p> },
  ]).router;
}

beforeEach(() => vi.clearAllMocks());

describe('DashboardHomePage', () => {
  it('links every card to the list filtered to what it counts; Total Users to the Users page for admins', async () => {
    serve();
    renderHome('admin');
    const spec = await screen.findByRole('list', { name: 'Summary statistics' }, { timeout: 5000 });
    const link = (list: HTMLElement, name: string) => within(list).getByRole('link', { name: new RegExp(name) }).getAttribute('href');
    expect(within(spec).getAllByRole('listitem')).toHaveLength(5);
    expect(link(spec, 'Total Users')).toBe('/dashboard/users');
    expect(link(spec, 'Total Submissions')).toBe('/dashboard/jotforms');
    expect(link(spec, 'Total Pending Reviews')).toBe('/dashboard/jotforms?status=Pending+Review');
    expect(link(spec, 'Total Pending Transfers')).toBe('/dashboard/jotforms?status=Pending+Transfer');
    expect(link(spec, 'Deadline within a Week')).toBe('/dashboard/jotforms?deadline=week');
    const clocks = await screen.findByRole('list', { name: 'Reporting clocks' });
    // Under each name, which deadline the card counts: the investigation's or the regulatory reports'.
    expect(within(clocks).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Reporting overdueRegulatory report due dates passed without a report filed5',
      'Reporting due within 7 daysRegulatory report due dates in the next 7 days9',
      'Decisions missing a rationale4',
      'Potential reportable events2',
    ]);
    expect(within(spec).getAllByRole('listitem')[4]).toHaveTextContent(/^Deadline within a WeekInvestigation deadlines in the next 7 days, of complaints not yet transferred or denied2$/);
    expect(link(clocks, 'Reporting overdue')).toBe('/dashboard/jotforms?clock=overdue');
    expect(link(clocks, 'Reporting due within 7 days')).toBe('/dashboard/jotforms?clock=due_within_7_days');
    expect(link(clocks, 'Decisions missing a rationale')).toBe('/dashboard/jotforms?rationale=missing');
    // Flagged at intake and still waiting for a decision, as the card counts them.
    expect(link(clocks, 'Potential reportable events')).toBe('/dashboard/jotforms?triage=potential&decision=undecided&closure=open');
  });

  it('on a phone puts the Assigned to me card first, before the totals', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(max-width: 639px)', media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    try {
      serve();
      renderHome('staff');
      const mine = await screen.findByRole('heading', { name: 'Assigned to me' }, { timeout: 5000 });
      const totals = await screen.findByRole('list', { name: 'Summary statistics' });
      expect(mine.compareDocumentPosition(totals) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('gives staff no link to the Users page they cannot open', async () => {
    serve();
    const router = renderHome('staff');
    const spec = await screen.findByRole('list', { name: 'Summary statistics' }, { timeout: 5000 });
    expect(within(spec).queryByRole('link', { name: /Total Users/ })).toBeNull();
    expect(within(spec).getByText('Total Users')).toBeInTheDocument();
    await userEvent.click(within(spec).getByRole('link', { name: /Total Pending Reviews/ }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/dashboard/jotforms?status=Pending+Review');
  });

  it('describes the weekly chart and gives its numbers as a table, by status', async () => {
    serve();
    renderHome('member');
    const figure = await screen.findByRole('figure', { name: /Submissions per week/ }, { timeout: 5000 });
    expect(figure).toHaveTextContent('The last 12 weeks by status, 27 in all');
    expect(within(within(figure).getByRole('list', { name: 'Legend' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Pending Review', 'Successful Transfer', 'Denied']);
    const table = within(figure).getByRole('table', { name: 'Submissions per week by status' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Week of', 'Pending Review', 'Successful Transfer', 'Denied', 'Total']);
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('2026-11-224015');
  });
});
