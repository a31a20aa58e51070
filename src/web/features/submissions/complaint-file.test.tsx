import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestHandler } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResponseInputOf } from '#shared/contract/endpoints';
import { mfaApi } from '#shared/contract/auth-mfa';
import { assessmentsApi } from '#shared/contract/reporting-assessments';
import { closureApi } from '#shared/contract/closure';
import { mailApi } from '#shared/contract/mail';
import { signaturesApi } from '#shared/contract/signatures';
import { type Reportability, reportingApi } from '#shared/contract/reporting';
import { type Submission, submissionsApi } from '#shared/contract/submissions';
import { CURRENT_QUESTION_VERSION } from '#shared/reporting/assessment';
import { submission } from '../../../../tests/support/submission-fixtures.ts';
import { toast } from '../../lib/toast.ts';
import { renderAt, signInAs } from '../../test-support/render.tsx';
import { failure, fakeServer, on } from '../../test-support/server.ts';
import { SubmissionDetailsPage } from './submission-details-page.tsx';

// The assessment's walks click through every question: more room than elsewhere.
vi.setConfig({ testTimeout: 45_000 });
vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const DANA = { id: 'u9', name: 'Dana Reyes', email: 'dana@example.com' };

function reportability(overrides: Partial<Reportability> = {}): Reportability {
  return {
    reportingClocks: [
      { regime: 'US_MDR', due: '2099-12-03', reportedOn: null },
      { regime: 'EU_MDR', due: '2000-01-05', reportedOn: null },
    ],
    reportingDue: '2000-01-05',
    clock: 'overdue',
    decision: 'undecided',
    current: null,
    signatures: [],
    closed: false,
    decisions: [],
    reports: [],
    defaultRegimes: ['US_MDR', 'EU_MDR'],
    ...overrides,
  };
}

interface Serve {
  data?: Submission;
  history?: ResponseInputOf<typeof submissionsApi.history>['results'];
  followups?: ResponseInputOf<typeof submissionsApi.followups>['results'];
  reporting?: Reportability;
  /** What the reportability reads as after a decision or a filed report (the server's answer to both). */
  after?: Reportability;
  extra?: RequestHandler[];
}

function serve({ data = submission(), history = [], followups = [], reporting = reportability(), after, extra = [] }: Serve = {}) {
  let now = reporting;
  const write = () => {
    if (after) now = after;
    return now;
  };
  const params = { id: data.id };
  return fakeServer(
    ...extra,
    on(reportingApi.decide, write, { params }),
    on(reportingApi.fileReport, write, { params }),
    on(submissionsApi.get, () => data, { params }),
    on(mailApi.submission, () => ({ activeRecipients: 1, results: [] }), { params }),
    on(submissionsApi.history, () => ({ results: history }), { params }),
    on(submissionsApi.followups, () => ({ results: followups }), { params }),
    on(reportingApi.get, () => now, { params }),
    on(mfaApi.status, () => ({ enabled: false, recoveryCodesLeft: 0, viaProvider: false, required: false, passwordSignIn: true, providerProof: false })),
    on(signaturesApi.signingToken, () => ({ token: 'signing-token-1', expiresAt: '2026-11-28T12:02:00.000Z' })),
    on(assessmentsApi.questions, () => ({
      version: CURRENT_QUESTION_VERSION.version,
      published: CURRENT_QUESTION_VERSION.published,
      sets: CURRENT_QUESTION_VERSION.sets.filter((q) => reporting.defaultRegimes.includes(q.regime)).map(({ regime, questions }) => ({ regime, questions: questions.map(({ askedIf, ...q }) => (askedIf ? { ...q, askedIf: askedIf.map((c) => [...c]) } : q)) })),
      holidays: [],
    })),
    on(assessmentsApi.create, async ({ request }) => ({ id: 'a1', version: CURRENT_QUESTION_VERSION.version, answers: ((await request.json()) as { answers: Record<string, boolean> }).answers, outcomes: [], awareDate: '2026-11-20', awareDateReason: null, assessedAt: '2026-11-23T14:00:00.000Z', assessedBy: DANA, decision: null }), { params }),
    on(closureApi.get, () => ({ closed: false, closedAt: null, checklist: [], missing: [], investigation: null, reply: null, events: [], signatures: [] }), { params }),
  );
}

/** What a signed decision carries in these tests. */
const SIGNED = { token: 'signing-token-1', meaning: 'Reportability decided' };

const renderDetails = () => renderAt('/dashboard/jotforms/submission/6001', [{ path: '/dashboard/jotforms/submission/:id', element: <SubmissionDetailsPage /> }]);

// Times on screen are the viewer's local time with the zone's short name: pin the zone.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'UTC';
});
afterAll(() => {
  process.env.TZ = zone;
});
beforeEach(() => {
  vi.clearAllMocks();
  signInAs('staff');
});

describe('History', () => {
  it('reads as sentences with the time, JotForm for sync imports, and each change before → after', async () => {
    serve({
      history: [
        { at: '2026-11-23T14:02:10.000Z', actor: DANA, action: 'mark reportable', changes: [{ field: 'reportable', before: false, after: true }, { field: 'becomeAwareDate', before: '2026-11-19', after: '2026-11-18' }] },
        { at: '2026-11-21T11:00:00.000Z', actor: DANA, action: 'decide reportability', changes: [{ field: 'decision', before: 'undecided', after: 'not_reportable' }] },
        { at: '2026-11-20T09:15:00.000Z', actor: null, action: 'import', changes: [] },
      ],
    });
    renderDetails();
    const section = await screen.findByRole('region', { name: 'History' }, { timeout: 5000 });
    await within(section).findByText(/Dana Reyes marked it reportable/);
    // The timeline's entries, not the lists of changes inside them.
    const items = [...section.querySelectorAll('ol > li')];
    expect(items[0]).toHaveTextContent('Dana Reyes marked it reportable — 2026-11-23 14:02 UTC');
    expect(items[0]).toHaveTextContent('Reportable: No → changed to Yes');
    expect(items[0]).toHaveTextContent('Become-aware date: 2026-11-19 → changed to 2026-11-18');
    expect(items[1]).toHaveTextContent('Dana Reyes decided it not reportable — 2026-11-21 11:00 UTC');
    expect(items[1]).toHaveTextContent('Decision: Undecided → changed to Not reportable');
    expect(section).toHaveTextContent('JotForm delivered the submission — 2026-11-20 09:15 UTC');
  });

  it('says when nothing was recorded, and shows a failure as an error', async () => {
    serve({ extra: [on(submissionsApi.history, () => failure(403, { code: 'forbidden', message: 'No history for you.' }))] });
    renderDetails();
    const section = await screen.findByRole('region', { name: 'History' }, { timeout: 5000 });
    expect(await within(section).findByRole('alert')).toHaveTextContent('No history for you.');
  });
});

describe('Follow-Ups', () => {
  it('shows the earlier notes with author and time above an empty textarea; Save sends create-followup', async () => {
    const server = serve({
      data: submission({ followup: 'Called the reporter' }),
      followups: [
        { id: 'n2', text: 'Called the reporter', at: '2026-11-22T10:30:00.000Z', author: DANA, method: null, attemptedOn: null, outcome: null, newInformation: false },
        { id: 'n1', text: 'Sent a letter', at: '2026-11-21T08:00:00.000Z', author: null, method: null, attemptedOn: null, outcome: null, newInformation: false },
      ],
      extra: [on(submissionsApi.createFollowup, () => ({ results: submission() }))],
    });
    renderDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'Add attempt' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Follow-Ups' });
    const notes = within(await within(dialog).findByRole('region', { name: 'Earlier follow-ups' })).getAllByRole('listitem');
    expect(notes[0]).toHaveTextContent('Dana Reyes — 2026-11-22 10:30 UTC');
    expect(notes[0]).toHaveTextContent('Called the reporter');
    expect(notes[1]).toHaveTextContent('JotForm — 2026-11-21 08:00 UTC');
    const text = within(dialog).getByPlaceholderText('Enter follow-up details');
    expect(text).toHaveValue('');
    await userEvent.type(text, 'Pump picked up by courier');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Follow-up updated successfully'));
    expect(server.callsTo('PATCH', /create-followup$/)[0]!.body).toEqual({ followup: 'Pump picked up by courier' });
  });
});

/** Answers No to every question the assessment still asks (a No can make a later question unasked). */
async function answerNo(dialog: HTMLElement) {
  for (;;) {
    const open = within(dialog)
      .queryAllByRole('group')
      .find((g) => within(g).queryByRole('radio', { name: 'No' }) && within(g).getAllByRole('radio').every((r) => !(r as HTMLInputElement).checked));
    if (!open) return;
    await userEvent.click(within(open).getByRole('radio', { name: 'No' }));
  }
}

/** Nothing is chosen for the handler: no answer, no decision, and no category or regime to pick. */
function expectNothingChosen(dialog: HTMLElement) {
  const radios = within(dialog).getAllByRole('radio');
  expect(radios.length).toBeGreaterThan(2);
  for (const radio of radios) expect(radio).not.toBeChecked();
  expect(within(dialog).queryByLabelText('Category')).toBeNull();
  expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0);
}

describe('Mark as Reportable', () => {
  const marked = () => on(submissionsApi.markReportable, () => ({ results: submission({ reportable: true }) }));

  it('keeps the dialog texts and sends mark-reportable only; the rationale offered next is the assessment, nothing chosen', async () => {
    const server = serve({ extra: [marked()] });
    renderDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark reportable' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as Reportable' });
    expect(dialog).toHaveTextContent('Do you want to mark this submission as reportable?');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByLabelText('Category')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Marked as reportable'));
    expect(server.callsTo('PATCH', /mark-reportable$/)).toHaveLength(1);
    expect(server.callsTo('PUT', /reportability$/)).toHaveLength(0);
    // The rationale is offered at once, and leads to the assessment: reportable is the only decision left, and it is not chosen.
    const offer = await screen.findByRole('dialog', { name: 'Marked as reportable' });
    await userEvent.click(within(offer).getByRole('button', { name: 'Add rationale now' }));
    const assess = await screen.findByRole('dialog', { name: 'Assess reportability' });
    await within(assess).findByRole('region', { name: /US MDR/ });
    expectNothingChosen(assess);
    expect(within(assess).getByRole('group', { name: 'Decision' })).toHaveTextContent('Reportable');
    expect(within(assess).queryByRole('radio', { name: 'Not reportable' })).toBeNull();
  });
});

describe('Reportability section', () => {
  const decidedNot = {
    id: 'd1',
    decision: 'not_reportable' as const,
    rationale: 'No injury, cosmetic defect only',
    regimes: [],
    category: null,
    categories: {},
    assessmentId: null,
    reason: null,
    decidedAt: '2026-11-20T12:00:00.000Z',
    decidedBy: DANA,
  };

  it('shows the clocks per regime with their state in words, and records a not-reportable decision through the assessment, signed', async () => {
    const server = serve({ after: reportability({ current: decidedNot, decisions: [decidedNot], reportingClocks: [], clock: 'none', decision: 'not_reportable' }) });
    renderDetails();
    const section = await screen.findByRole('region', { name: 'Reportability' }, { timeout: 5000 });
    expect(await within(section).findByText('No decision yet')).toBeInTheDocument();
    const clocks = within(section).getByRole('table', { name: 'Reporting clocks' });
    expect(within(clocks).getByRole('row', { name: /US MDR/ })).toHaveTextContent(/2099-12-03.*Open/);
    expect(within(clocks).getByRole('row', { name: /EU MDR/ })).toHaveTextContent(/2000-01-05.*Overdue/);
    // One way to decide: the assessment.
    expect(within(section).queryByRole('button', { name: 'Record decision' })).toBeNull();

    await userEvent.click(within(section).getByRole('button', { name: 'Assess reportability' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assess reportability' });
    await within(dialog).findByRole('region', { name: /US MDR/ });
    expectNothingChosen(dialog);
    await answerNo(dialog);
    expect(within(dialog).getByText('The answers give: Not reportable.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Not reportable' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    // Not reportable always needs its rationale.
    expect(within(dialog).getByText('The rationale must be at least 10 characters.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Rationale'), 'No injury, cosmetic defect only');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    // Read back with each clock before and after, and the signature's fields: signed "Reportability decided".
    expect(within(dialog).getByText('Record this submission as not reportable?')).toBeInTheDocument();
    const changes = within(dialog).getByRole('table', { name: 'Reporting clocks before and after' });
    expect(within(changes).getByRole('row', { name: /US MDR/ })).toHaveTextContent(/2099-12-03\s*No clock/);
    expect(within(changes).getByRole('row', { name: /EU MDR/ })).toHaveTextContent(/2000-01-05\s*No clock/);
    expect(within(dialog).getByRole('group', { name: 'Electronic signature' })).toHaveTextContent(/Meaning\s*Reportability decided/);
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'my password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign and record' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Reportability assessed, decided and signed'));
    // The signature is verified first, then the answers are stored, then the decision on them.
    expect(server.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/auth/signing-token',
      'POST /v1/jotforms/submission/6001/assessments',
      'PUT /v1/jotforms/submission/6001/reportability',
    ]);
    expect(server.callsTo('PUT', /reportability$/)[0]!.body).toEqual({ decision: 'not_reportable', rationale: 'No injury, cosmetic defect only', assessmentId: 'a1', signature: SIGNED });
    expect(await within(section).findByText('Not reportable')).toBeInTheDocument();
    expect(section).toHaveTextContent('Decided by Dana Reyes — 2026-11-20 12:00 UTC');
    expect(section).toHaveTextContent('No reporting clock runs: decided not reportable.');
  });

  it('revises not reportable to reportable through the assessment only after a confirmation, keeping the earlier decision', async () => {
    const reportableNow = { ...decidedNot, id: 'd2', decision: 'reportable' as const, rationale: 'Second injury report received', regimes: ['US_MDR' as const], category: 'death_or_serious_deterioration' as const, decidedAt: '2026-11-23T14:02:00.000Z' };
    const server = serve({
      reporting: reportability({ current: decidedNot, decisions: [decidedNot], reportingClocks: [], clock: 'none', decision: 'not_reportable' }),
      after: reportability({ current: reportableNow, decisions: [reportableNow, decidedNot], decision: 'reportable' }),
    });
    renderDetails();
    const section = await screen.findByRole('region', { name: 'Reportability' }, { timeout: 5000 });
    await userEvent.click(await within(section).findByRole('button', { name: 'Revise to reportable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assess reportability' });
    const us = await within(dialog).findByRole('region', { name: /US MDR/ });
    expect(within(dialog).queryByRole('radio', { name: 'Not reportable' })).toBeNull();
    // Nothing is chosen for the user, even the one decision left.
    expectNothingChosen(dialog);
    await userEvent.click(within(within(us).getByRole('group', { name: /caused or contributed to a serious injury\?$/ })).getByRole('radio', { name: 'Yes' }));
    await answerNo(dialog);
    expect(within(us).getByText('Reportable', { exact: true })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Reportable' }));
    await userEvent.type(within(dialog).getByLabelText('Rationale'), 'Second injury report received');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('A reportable decision cannot be undone. Its reporting clocks run from the awareness date until each report is filed.')).toBeInTheDocument();
    // No clock ran before (not reportable); after, the US clock does, with a date.
    const changes = within(dialog).getByRole('table', { name: 'Reporting clocks before and after' });
    expect(within(changes).getByRole('row', { name: /US MDR/ })).toHaveTextContent(/No clock\s*\d{4}-\d{2}-\d{2}/);
    expect(server.callsTo('PUT', /reportability$/)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'my password');
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Sign and record' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Reportability assessed, decided and signed'));
    expect(server.callsTo('PUT', /reportability$/)).toHaveLength(1);
    expect(server.callsTo('PUT', /reportability$/)[0]!.body).toEqual({ decision: 'reportable', rationale: 'Second injury report received', assessmentId: 'a1', signature: SIGNED });
    expect(server.callsTo('POST', /assessments$/)[0]!.body).toMatchObject({ answers: { us_mfr_serious_injury: true, us_mfr_death: false } });
    const earlier = await within(section).findByRole('heading', { name: 'Earlier decisions' });
    expect(earlier.parentElement).toHaveTextContent('No injury, cosmetic defect only');
    expect(section).toHaveTextContent('Decided by Dana Reyes — 2026-11-23 14:02 UTC');
  });

  it('revising a reportable decision offers reportable only, with nothing carried over: no answer, no category, no regime', async () => {
    const reportableNow = { ...decidedNot, id: 'd3', decision: 'reportable' as const, rationale: 'Serious public health threat', regimes: ['EU_MDR' as const], category: 'public_health_threat' as const };
    serve({ reporting: reportability({ current: reportableNow, decisions: [reportableNow], decision: 'reportable' }) });
    renderDetails();
    const section = await screen.findByRole('region', { name: 'Reportability' }, { timeout: 5000 });
    await userEvent.click(await within(section).findByRole('button', { name: 'Revise decision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assess reportability' });
    await within(dialog).findByRole('region', { name: /EU MDR/ });
    expect(within(within(dialog).getByRole('group', { name: 'Decision' })).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Reportable']);
    expectNothingChosen(dialog);
  });

  it('records a filed report for an open regime with its reference, after a confirmation', async () => {
    const filed = reportability({
      reportingClocks: [
        { regime: 'US_MDR', due: '2099-12-03', reportedOn: null },
        { regime: 'EU_MDR', due: '2000-01-05', reportedOn: '2000-01-04' },
      ],
      reports: [{ id: 'r1', regime: 'EU_MDR', reportedOn: '2000-01-04', reference: 'EUDAMED-MIR-0042', filedAt: '2026-11-23T15:00:00.000Z', filedBy: DANA }],
    });
    const server = serve({ after: filed });
    renderDetails();
    const section = await screen.findByRole('region', { name: 'Reportability' }, { timeout: 5000 });
    await userEvent.click(await within(section).findByRole('button', { name: 'Record filed report for EU MDR (Art. 87)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record filed report' });
    expect(within(dialog).getByLabelText('Regime')).toHaveValue('EU_MDR');
    await userEvent.clear(within(dialog).getByLabelText(/Reported on/));
    await userEvent.type(within(dialog).getByLabelText(/Reported on/), '2000-01-04');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Enter the authority’s reference.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Reference/), 'EUDAMED-MIR-0042');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent('Record the EU MDR (Art. 87) report as filed on 2000-01-04?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Filed report recorded'));
    expect(server.callsTo('POST', /reportability\/reports$/)[0]!.body).toEqual({ regime: 'EU_MDR', reportedOn: '2000-01-04', reference: 'EUDAMED-MIR-0042' });
    const clocks = within(section).getByRole('table', { name: 'Reporting clocks' });
    await waitFor(() => expect(within(clocks).getByRole('row', { name: /EU MDR/ })).toHaveTextContent(/2000-01-04.*Ref\. EUDAMED-MIR-0042.*Met/));
    expect(within(clocks).queryByRole('button', { name: 'Record filed report for EU MDR (Art. 87)' })).toBeNull();
  });
});
