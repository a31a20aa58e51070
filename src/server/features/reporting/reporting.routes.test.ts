import { describe, expect, it } from 'vitest';
import type { Reportability } from '#shared/contract/reporting';
import { complaintFile } from '../../../../tests/support/complaint-file.ts';

const f = complaintFile();
const url = (id: string) => `/v1/jotforms/submission/${id}/reportability`;
/** A decision, signed by the staff member as every decision is. */
const decide = async (id: string, body: object) => f.send('PUT', url(id), { ...body, signature: await f.sign('Reportability decided') });
const file = (id: string, body: unknown) => f.send('POST', `${url(id)}/reports`, body);

describe('reporting clocks on rows (REPORTING_REGIMES=US_MDR,EU_MDR, today 2025-06-15)', () => {
  it('an undecided submission runs the shortest clock of each regime: US 5 work days (Juneteenth skipped), EU 2 days', async () => {
    const row = await f.row(f.ids.friday);
    expect(row.decision).toBe('undecided');
    expect(row.reportingClocks).toEqual([
      { regime: 'US_MDR', due: '2025-06-23', reportedOn: null },
      { regime: 'EU_MDR', due: '2025-06-15', reportedOn: null },
    ]);
    expect(row.reportingDue).toBe('2025-06-15');
    expect(row.clock).toBe('due_soon');
    expect((await f.row(f.ids.early)).clock).toBe('overdue');
  });

  it('GET reportability replies with the clocks, no decision yet, and the default regimes', async () => {
    const res = await f.send('GET', url(f.ids.saturday));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      decision: 'undecided',
      current: null,
      decisions: [],
      reports: [],
      defaultRegimes: ['US_MDR', 'EU_MDR'],
      reportingDue: '2025-06-16',
      clock: 'due_soon',
    });
  });
});

describe('PUT reportability', () => {
  it('records a reportable decision with its decider: the flag set, the clocks of the category (US 30 days, EU 15)', async () => {
    const res = await decide(f.ids.saturday, { decision: 'reportable', rationale: 'Strap failure caused a burn needing treatment.', regimes: ['US_MDR', 'EU_MDR'], category: 'standard' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Reportability>();
    expect(body.current).toMatchObject({ decision: 'reportable', rationale: 'Strap failure caused a burn needing treatment.', category: 'standard', regimes: ['US_MDR', 'EU_MDR'] });
    expect(body.current?.decidedBy).toEqual(f.staffUser);
    expect(body.reportingClocks).toEqual([
      { regime: 'US_MDR', due: '2025-07-14', reportedOn: null },
      { regime: 'EU_MDR', due: '2025-06-29', reportedOn: null },
    ]);
    expect(body).toMatchObject({ decision: 'reportable', reportingDue: '2025-06-29', clock: 'open' });
    const row = await f.row(f.ids.saturday);
    expect(row).toMatchObject({ reportable: true, decision: 'reportable', reportingDue: '2025-06-29', clock: 'open' });
  });

  it('filing each report closes its clock; every regime reported is met', async () => {
    const eu = await file(f.ids.saturday, { regime: 'EU_MDR', reportedOn: '2025-06-15', reference: 'EUDAMED-2025-0042' });
    expect(eu.statusCode, eu.body).toBe(201);
    expect(eu.json<Reportability>()).toMatchObject({ reportingDue: '2025-07-14', clock: 'open' });
    expect(eu.json<Reportability>().reports).toEqual([expect.objectContaining({ regime: 'EU_MDR', reportedOn: '2025-06-15', reference: 'EUDAMED-2025-0042', filedBy: f.staffUser })]);
    const us = await file(f.ids.saturday, { regime: 'US_MDR', reportedOn: '2025-06-15', reference: 'MW5012345' });
    expect(us.statusCode, us.body).toBe(201);
    expect(us.json<Reportability>()).toMatchObject({ reportingDue: null, clock: 'met' });
    // The same report again (a double-submitted dialog) is stored once.
    const again = await file(f.ids.saturday, { regime: 'US_MDR', reportedOn: '2025-06-15', reference: 'MW5012345' });
    expect(again.json<Reportability>().reports).toHaveLength(2);
  });

  it('not_reportable stops the clocks and may later be revised to reportable; both stay in the record', async () => {
    const no = await decide(f.ids.early, { decision: 'not_reportable', rationale: 'No injury; cosmetic scratch only.' });
    expect(no.statusCode, no.body).toBe(200);
    expect(no.json<Reportability>()).toMatchObject({ decision: 'not_reportable', reportingClocks: [], reportingDue: null, clock: 'none' });
    expect((await f.row(f.ids.early)).reportable).toBe(false);
    expect((await f.list('decision=not_reportable')).results.map((r) => r.id)).toContain(f.ids.early);

    const yes = await decide(f.ids.early, { decision: 'reportable', rationale: 'Follow-up found the patient was hospitalised.', category: 'public_health_threat' });
    expect(yes.statusCode, yes.body).toBe(200);
    const body = yes.json<Reportability>();
    expect(body.decisions.map((d) => d.decision)).toEqual(['reportable', 'not_reportable']);
    expect(body.reportingClocks).toEqual([
      { regime: 'US_MDR', due: '2025-06-06', reportedOn: null },
      { regime: 'EU_MDR', due: '2025-06-03', reportedOn: null },
    ]);
    expect(body.clock).toBe('overdue');
  });

  it('a reportable submission cannot be decided not reportable (409)', async () => {
    const res = await decide(f.ids.early, { decision: 'not_reportable', rationale: 'Changed our mind about it.' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'conflict', message: 'This submission is reportable, and reportable is one way: it cannot be decided not reportable.' });
    expect((await f.row(f.ids.early)).decision).toBe('reportable');
  });

  it('mark-reportable (the call the list makes) counts as a decision without category or rationale', async () => {
    const res = await f.send('PATCH', `/v1/jotforms/submission/${f.ids.friday}/mark-reportable`, { reportable: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({ reportable: true, decision: 'reportable', reportingDue: '2025-06-15', clock: 'due_soon' });
    const current = (await f.send('GET', url(f.ids.friday))).json<Reportability>().current;
    expect(current).toMatchObject({ decision: 'reportable', rationale: null, category: null, regimes: ['US_MDR', 'EU_MDR'], decidedBy: f.staffUser });
  });

  it('refuses bad bodies with the field named', async () => {
    const short = await decide(f.ids.deadlineSoon, { decision: 'reportable', rationale: 'too short', category: 'standard' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/rationale must be at least 10 characters/i);
    const noCategory = await decide(f.ids.deadlineSoon, { decision: 'reportable', rationale: 'Serious injury was reported.' });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().message).toMatch(/a category is required for a reportable decision/i);
    const badRegime = await decide(f.ids.deadlineSoon, { decision: 'reportable', rationale: 'Serious injury was reported.', category: 'standard', regimes: ['CA_MDR'] });
    expect(badRegime.statusCode).toBe(400);
    expect(badRegime.json().message).toMatch(/regimes must be among US_MDR, US_USER_FACILITY, EU_MDR/i);
    expect((await decide('999999', { decision: 'not_reportable', rationale: 'No injury; cosmetic only.' })).statusCode).toBe(404);
  });
});

describe('POST reportability/reports refusals', () => {
  it('an undecided submission has no report to file yet (409)', async () => {
    const res = await file(f.ids.deadlineSoon, { regime: 'US_MDR', reportedOn: '2025-06-10', reference: 'MW1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Record a reportability decision before filing a report: this submission is undecided.');
  });

  it('a regime the clocks do not run for (409), a date in the future or before the become-aware date (400)', async () => {
    const other = await file(f.ids.early, { regime: 'US_USER_FACILITY', reportedOn: '2025-06-10', reference: 'MW2' });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(
      "This submission's clocks do not include US user facility (21 CFR 803.30); they run for US MDR (21 CFR 803, manufacturer), EU MDR (Art. 87).",
    );
    const future = await file(f.ids.early, { regime: 'US_MDR', reportedOn: '2025-06-16', reference: 'MW3' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('reportedOn cannot be in the future');
    const before = await file(f.ids.early, { regime: 'US_MDR', reportedOn: '2025-05-31', reference: 'MW4' });
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toBe('reportedOn cannot be before the become-aware date (2025-06-01)');
  });

  it('a not_reportable submission has no report to file (409)', async () => {
    await decide(f.ids.deadlineSoon, { decision: 'not_reportable', rationale: 'User error; device worked as labelled.' });
    const res = await file(f.ids.deadlineSoon, { regime: 'US_MDR', reportedOn: '2025-06-10', reference: 'MW5' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This submission was decided not reportable: there is no report to file.');
  });
});
