import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type TestApp, bearer, createTestApp } from '../../../../tests/support/test-app.ts';
import { submissions } from '../../db/schema/index.ts';
import { fixedClock } from '../../lib/clock.ts';

const FORM = '250000000000001';
// Sunday 2025-06-15, noon in New York (JOTFORM_TIMEZONE's default): the current week began Monday 06-09.
const clock = fixedClock('2025-06-15T16:00:00.000Z');
let t: TestApp;
let n = 0;

/** Undecided under REPORTING_REGIMES' default (US_MDR): due 5 work days after the become-aware date. */
function row(submissionDate: string, submissionStatus: 'Pending Review' | 'Denied' | 'Successful Transfer', becomeAwareDate: string) {
  n += 1;
  return { id: `sub-${n}`, formId: FORM, createdAtJf: '2025-05-16 10:00:00', submissionDate: new Date(submissionDate), becomeAwareDate, investigationDeadline: '2025-07-15', submissionStatus };
}

beforeAll(async () => {
  t = await createTestApp({ clock, deps: { formId: FORM } });
  // Rows as a migration leaves them, without stored due dates: the start (main.ts) computes them.
  await t.database.db.insert(submissions).values([
    row('2025-06-15T03:00:00Z', 'Pending Review', '2025-06-06'), // Sat 06-14 23:00 in New York; due 06-13: overdue
    row('2025-06-09T03:00:00Z', 'Denied', '2025-06-09'), // Sun 06-08 23:00 in New York: the week before; denied, so no clock runs (would be due 06-16)
    row('2025-06-10T15:00:00Z', 'Pending Review', '2025-06-12'), // due 06-20 (Juneteenth skipped)
    row('2025-03-24T12:00:00Z', 'Successful Transfer', '2025-06-13'), // the first week shown; due 06-23, in 8 days
    { ...row('2025-03-23T12:00:00Z', 'Pending Review', '2025-03-01'), reportingDecision: 'not_reportable' as const }, // before the 12 weeks; no clock
    { ...row('2025-06-11T12:00:00Z', 'Pending Review', '2025-06-01'), formId: '250000000000999' }, // another form
    // Marked reportable from the list (no rationale), its report filed: no clock, a missing rationale.
    { ...row('2025-03-22T12:00:00Z', 'Pending Review', '2025-03-01'), reportingDecision: 'reportable' as const, reportable: true, reportingRationaleMissing: true, reportingReports: { US_MDR: '2025-03-05' } },
  ]);
  expect(await t.app.services.reporting.refreshClocks()).toBe(4);
  // Once done for these settings, a restart does not walk the table again.
  expect(await t.app.services.reporting.refreshClocks()).toBe(0);
});
afterAll(() => t.close());

describe('GET /v1/dashboard/overview', () => {
  it('counts the open complaints’ clocks overdue and due within 7 days, the decisions missing a rationale, and 12 weeks by status (Monday weeks, account time, current week last)', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/dashboard/overview', headers: await t.as('member') });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.formId).toBe(FORM);
    // The denied submission's clock would fall due within 7 days: it is closed.
    expect(body.clocks).toEqual({ overdue: 1, dueWithin7Days: 1 });
    expect(body.rationaleMissing).toBe(1);
    expect(body.weeks).toHaveLength(12);
    expect(body.weeks[0]).toEqual({ weekStart: '2025-03-24', counts: { 'Pending Review': 0, 'Pending Transfer': 0, 'Successful Transfer': 1, Denied: 0, 'Transfer Error': 0 } });
    expect(body.weeks[10]).toMatchObject({ weekStart: '2025-06-02', counts: { Denied: 1, 'Pending Review': 0 } });
    expect(body.weeks[11]).toMatchObject({ weekStart: '2025-06-09', counts: { 'Pending Review': 2, Denied: 0 } });
  });

  it("counts the viewer's own complaints (open, due soon, overdue), and open complaints per owner for admins only", async () => {
    const member = await t.createUser('member', { name: 'Mo Member' });
    const staff = await t.createUser('staff', { name: 'Sue Staff' });
    const own = (id: string, ownerId: string) => t.database.db.update(submissions).set({ ownerId }).where(eq(submissions.id, id));
    // sub-1: Pending Review, overdue; sub-3: Pending Review, due 06-20 (5 days: not yet due soon); sub-4: transferred, due 06-23.
    await own('sub-1', member.id);
    await own('sub-3', member.id);
    await own('sub-4', member.id);
    await own('sub-2', staff.id); // denied but not closed: open, no clock
    // sub-5 and sub-7: open and nobody's.
    await t.database.db.update(submissions).set({ reportingDue: '2025-06-17' }).where(eq(submissions.id, 'sub-3'));
    const overview = async (headers: Record<string, string>) => (await t.request({ method: 'GET', url: '/v1/dashboard/overview', headers })).json();
    const memberHeaders = bearer((await t.login(member.email, member.password)).access);
    expect((await overview(memberHeaders)).assignedToMe).toEqual({ open: 3, dueSoon: 1, overdue: 1 });
    // A closed complaint leaves the card (docs/features/signatures.md).
    await t.database.db.update(submissions).set({ closedAt: clock.now() }).where(eq(submissions.id, 'sub-4'));
    expect((await overview(memberHeaders)).assignedToMe).toEqual({ open: 2, dueSoon: 1, overdue: 1 });
    expect((await overview(bearer((await t.login(staff.email, staff.password)).access))).assignedToMe).toEqual({ open: 1, dueSoon: 0, overdue: 0 });
    expect((await overview(memberHeaders)).openPerOwner).toBeNull();
    const admin = await t.request({ method: 'GET', url: '/v1/dashboard/overview', headers: await t.as('admin') });
    expect(admin.json().assignedToMe).toEqual({ open: 0, dueSoon: 0, overdue: 0 });
    expect(admin.json().openPerOwner).toEqual({ owners: [{ id: member.id, name: 'Mo Member', open: 2 }, { id: staff.id, name: 'Sue Staff', open: 1 }], unowned: 2 });
  });

  it('asks for a sign-in', async () => {
    expect((await t.request({ method: 'GET', url: '/v1/dashboard/overview' })).statusCode).toBe(401);
  });
});
