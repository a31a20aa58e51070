import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type IntegrationsStatus, integrationsApi } from '#shared/contract/integrations';
import { renderPage, signInAs } from '../../test-support/render.tsx';
import { failure, fakeServer, gate, on } from '../../test-support/server.ts';
import { IntegrationsPage } from './integrations-page.tsx';

const LOCAL_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d (UTC|[A-Z]{3,4}|GMT[+-][\d:]+)$/;

/** A sandbox where everything works: the page's "all is well" state. */
function healthy(): IntegrationsStatus {
  return {
    mode: 'sandbox',
    jotform: {
      formId: '243158902746061',
      lastSync: { at: '2025-06-02T08:59:30.000Z', outcome: 'ok', inserted: 12, updated: 3, error: null },
      callsLeftToday: 942,
      updatedAtFilter: 'honoured',
      dailyLimit: 1000,
      resetsAt: '2025-06-03T04:00:00.000Z',
      quotaShare: 0.5,
      callsToday: 58,
      pollIntervalSeconds: 173,
      callsPerPoll: 1.04,
      firstSync: { imported: 4210, total: 4210, done: true, calls: 6, startedAt: '2025-05-30T10:00:00.000Z', doneAt: '2025-05-30T10:00:04.000Z', secondsLeft: null },
    },
    arena: { configured: true, ok: true, checkedAt: '2025-06-02T08:00:00.000Z', session: 'active', requestsRemaining: 87, resetsAt: '2025-06-02T09:00:00.000Z', problems: [], changedByArena: [] },
    mail: { delivery: 'stored', queued: 2, failed: 1, lastError: '550 Mailbox unavailable', lastErrorAt: '2025-06-02T08:30:00.000Z' },
  };
}

const card = (name: string) => screen.getByRole('region', { name });
const fact = (region: HTMLElement, label: string) => within(region).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

const renderIntegrations = () => renderPage('/dashboard/integrations', <IntegrationsPage />, [{ path: '/dashboard/mail', element: <p>mail page</p> }]);

beforeEach(() => signInAs('admin'));

describe('IntegrationsPage', () => {
  it('shows the mode and every figure of JotForm, Arena and mail, times as local times', async () => {
    fakeServer(on(integrationsApi.status, healthy));
    renderIntegrations();
    expect(screen.getByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
    expect(await screen.findByText('Loading integrations...')).toBeInTheDocument();
    expect(await screen.findByRole('note', { name: 'Mode' })).toHaveTextContent('Sandbox mode. JotForm and Arena QMS are emulators on this machine');

    const jotform = card('JotForm');
    expect(within(jotform).getByText('Working')).toBeInTheDocument();
    expect(fact(jotform, 'Last sync').querySelector('time')).toHaveAttribute('datetime', '2025-06-02T08:59:30.000Z');
    expect(fact(jotform, 'Last sync').querySelector('time')?.textContent).toMatch(LOCAL_TIME);
    expect(fact(jotform, 'Last sync')).toHaveTextContent('succeeded');
    expect(fact(jotform, 'Rows')).toHaveTextContent('12 new, 3 updated');
    expect(fact(jotform, 'API calls left today')).toHaveTextContent('942 of 1,000');
    expect(fact(jotform, 'Daily limit')).toHaveTextContent('1,000 calls a day for the whole account');
    expect(fact(jotform, 'Daily limit')).toHaveTextContent('The portal uses at most 50 % (500); 58 used today.');
    expect(fact(jotform, 'Resets').querySelector('time')).toHaveAttribute('datetime', '2025-06-03T04:00:00.000Z');
    expect(fact(jotform, 'Resets')).toHaveTextContent('(midnight US Eastern)');
    expect(fact(jotform, 'Poll')).toHaveTextContent('Every 3 minutes');
    expect(fact(jotform, 'Poll')).toHaveTextContent('1.04 calls a poll on average today');
    expect(fact(jotform, 'First sync')).toHaveTextContent('Done: 4,210 of 4,210 submissions imported in 6 calls');
    expect(fact(jotform, 'updated_at filter')).toHaveTextContent('Honoured: each poll asks only for the submissions changed since the one before.');
    expect(within(jotform).queryByText('Error', { selector: 'dt' })).toBeNull();

    const arena = card('Arena QMS');
    expect(within(arena).getByText('Working')).toBeInTheDocument();
    expect(fact(arena, 'Set-up check')).toHaveTextContent('OK: the template, owner and number prefix are right');
    expect(fact(arena, 'Checked').textContent).toMatch(LOCAL_TIME);
    expect(fact(arena, 'Session')).toHaveTextContent('Signed in');
    expect(fact(arena, 'Requests remaining')).toHaveTextContent('87');
    expect(fact(arena, 'Quota resets').querySelector('time')).toHaveAttribute('datetime', '2025-06-02T09:00:00.000Z');
    expect(fact(arena, 'Arena changed values')).toHaveTextContent('None: Arena kept what every transfer sent');

    const mail = card('Mail');
    expect(within(mail).getByText('1 failed')).toBeInTheDocument();
    expect(fact(mail, 'Delivery')).toHaveTextContent('Stored only: no mail server is configured (SMTP_URL), so messages stay in the outbox');
    expect(fact(mail, 'Queued')).toHaveTextContent('2');
    expect(within(mail).getByRole('link', { name: 'View queued messages' })).toHaveAttribute('href', '/dashboard/mail?status=queued');
    expect(within(mail).getByRole('link', { name: 'View failed messages' })).toHaveAttribute('href', '/dashboard/mail?status=failed');
    expect(fact(mail, 'Last error')).toHaveTextContent('550 Mailbox unavailable');
    expect(fact(mail, 'Last error').querySelector('time')).toHaveAttribute('datetime', '2025-06-02T08:30:00.000Z');
  });

  it('says in words what is wrong: a failed sync, Arena problems, a refused session, live mode', async () => {
    const status = healthy();
    status.mode = 'live';
    status.jotform = { ...status.jotform, lastSync: { at: '2025-06-02T08:59:30.000Z', outcome: 'failed', inserted: 0, updated: 0, error: 'JotForm replied 401: the API key is not valid.' }, callsLeftToday: null, updatedAtFilter: 'ignored' };
    const changed = { at: '2025-06-02T08:10:00.000Z', submissionId: '6010000000002000006', chNumber: 'CH-000014', changes: [{ field: 'targetCompletionDate' as const, sent: '2025-07-02', kept: null }] };
    status.arena = { ...status.arena, ok: false, session: 'refused', requestsRemaining: null, resetsAt: null, problems: ['ARENA_OWNER_GUID is not one of the quality-process owners in Arena.', 'The template has no default number format: set ARENA_NUMBER_PREFIX_GUID.'], changedByArena: [changed] };
    status.mail = { delivery: 'smtp', queued: 0, failed: 0, lastError: null, lastErrorAt: null };
    fakeServer(on(integrationsApi.status, () => status));
    renderIntegrations();
    expect(await screen.findByRole('note', { name: 'Mode' })).toHaveTextContent('Live. The portal works with the real JotForm and Arena QMS.');

    const jotform = card('JotForm');
    expect(within(jotform).getByText('Sync failing')).toBeInTheDocument();
    expect(fact(jotform, 'Last sync')).toHaveTextContent('failed');
    expect(fact(jotform, 'Error')).toHaveTextContent('JotForm replied 401: the API key is not valid.');
    expect(fact(jotform, 'API calls left today')).toHaveTextContent('Not known yet');
    expect(fact(jotform, 'updated_at filter')).toHaveTextContent('Ignored by JotForm: each poll re-reads the submissions of the last few days (SYNC_REREAD_DAYS) instead.');

    const arena = card('Arena QMS');
    expect(within(arena).getByText('Needs attention')).toBeInTheDocument();
    expect(within(fact(arena, 'Set-up check')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(status.arena.problems);
    expect(fact(arena, 'Session')).toHaveTextContent('Refused: Arena did not accept the integration user');
    expect(fact(arena, 'Requests remaining')).toHaveTextContent('Not known yet');
    expect(fact(arena, 'Quota resets')).toHaveTextContent('Not known yet');
    const changes = fact(arena, 'Arena changed values');
    expect(within(changes).getByRole('link', { name: 'CH-000014' })).toHaveAttribute('href', '/dashboard/jotforms/submission/6010000000002000006');
    expect(changes).toHaveTextContent('Target completion date: sent 2025-07-02, Arena keeps none');

    const mail = card('Mail');
    expect(within(mail).getByText('Working')).toBeInTheDocument();
    expect(fact(mail, 'Delivery')).toHaveTextContent('Sent through the mail server (SMTP_URL)');
    expect(within(mail).queryByRole('link')).toBeNull();
    expect(fact(mail, 'Last error')).toHaveTextContent('None');
  });

  it('before the first sync and check, says so rather than showing zeros', async () => {
    const status = healthy();
    status.jotform = { ...status.jotform, lastSync: null, callsLeftToday: null, updatedAtFilter: 'unknown' };
    status.arena = { ...status.arena, ok: false, checkedAt: null, session: 'none', requestsRemaining: null, resetsAt: null };
    fakeServer(on(integrationsApi.status, () => status));
    renderIntegrations();
    const jotform = await screen.findByRole('region', { name: 'JotForm' });
    expect(within(jotform).getByText('Not synced yet', { selector: 'span[class*="ring"]' })).toBeInTheDocument();
    expect(fact(jotform, 'Last sync')).toHaveTextContent('Not synced yet');
    expect(within(jotform).queryByText('Rows', { selector: 'dt' })).toBeNull();
    expect(fact(jotform, 'updated_at filter')).toHaveTextContent('Not known yet: the first sync finds out.');
    const arena = card('Arena QMS');
    expect(within(arena).getByText('Not checked yet', { selector: 'span[class*="ring"]' })).toBeInTheDocument();
    expect(fact(arena, 'Checked')).toHaveTextContent('Never');
    expect(fact(arena, 'Session')).toHaveTextContent('Not signed in: the next call to Arena signs in');
  });

  it('a first sync under way: its progress and the time left; few calls left: said in words, not colour alone', async () => {
    const status = healthy();
    status.jotform = { ...status.jotform, callsLeftToday: 80, firstSync: { imported: 42_000, total: 100_000, done: false, calls: 43, startedAt: '2025-06-02T08:50:00.000Z', doneAt: null, secondsLeft: 1_500 } };
    fakeServer(on(integrationsApi.status, () => status));
    renderIntegrations();
    const jotform = await screen.findByRole('region', { name: 'JotForm' });
    expect(fact(jotform, 'First sync')).toHaveTextContent('42,000 of 100,000 submissions imported, 43 calls so far, about 25 minutes left');
    expect(within(jotform).getByRole('progressbar', { name: 'First sync' })).toHaveAttribute('aria-valuenow', '42');
    expect(within(jotform).getByText('Few calls left today')).toBeInTheDocument();
    expect(fact(jotform, 'API calls left today')).toHaveTextContent('80 of 1,000Less than a tenth left: the poll waits for the reset, and admins were told by e-mail.');
  });

  it.each([
    ["the server's message", failure(403, { code: 'forbidden', message: 'You do not have permission to do this.' }), 'Error: You do not have permission to do this.'],
    ['its own words without one', failure(500), 'Error: Failed to fetch the state of the integrations'],
  ])('a failed read shows %s, and Try again reads again', async (_, answer, text) => {
    let first = true;
    const server = fakeServer(
      on(integrationsApi.status, () => {
        if (!first) return healthy();
        first = false;
        return answer;
      }),
    );
    renderIntegrations();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'JotForm' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/v1/integrations')).toHaveLength(2);
  });

  it('Refresh reads again: busy meanwhile, then the new figures; a failed refresh keeps the last ones', async () => {
    const status = healthy();
    const held = gate();
    let reads = 0;
    fakeServer(
      on(integrationsApi.status, async () => {
        reads += 1;
        if (reads === 1) return status;
        if (reads === 2) return (await held.passed, { ...status, mail: { ...status.mail, queued: 5 } });
        return failure(503, { code: 'unavailable', message: 'The database is not reachable.' });
      }),
    );
    renderIntegrations();
    const mail = await screen.findByRole('region', { name: 'Mail' });
    expect(fact(mail, 'Queued')).toHaveTextContent('2');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('button', { name: /Refreshing\.\.\./ })).toBeDisabled();
    held.release();
    await waitFor(() => expect(fact(card('Mail'), 'Queued')).toHaveTextContent('5'));

    await userEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not refresh: the figures below are from the last successful read. The database is not reachable.');
    expect(fact(card('Mail'), 'Queued')).toHaveTextContent('5');
  });
});
