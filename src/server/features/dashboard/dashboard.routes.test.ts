import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';
import { submissions } from '../../db/schema/index.ts';
import { fixedClock } from '../../lib/clock.ts';

const NAMES = ['Total Users', 'Total Submissions', 'Total Pending Reviews', 'Total Pending Transfers', 'Deadline within a Week'];

// Midday UTC (morning in the Americas), so "today" is the same calendar date in any nearby zone.
const clock = fixedClock('2025-06-15T16:00:00.000Z');
let t: TestApp;
let headers: Record<string, string>;

type Status = 'Pending Review' | 'Pending Transfer' | 'Successful Transfer' | 'Denied' | 'Transfer Error';
let n = 0;
function row(submissionStatus: Status, investigationDeadline: string) {
  n += 1;
  return {
    id: `sub-${n}`,
    formId: '250000000000001',
    createdAtJf: '2025-05-16 10:00:00',
    submissionDate: new Date('2025-05-16T14:00:00.000Z'),
    becomeAwareDate: '2025-05-16',
    investigationDeadline,
    submissionStatus,
  };
}

async function stats(h = headers): Promise<{ name: string; value: number }[]> {
  const res = await t.request({ method: 'GET', url: '/v1/dashboard', headers: h });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['stats']);
  return body.stats;
}
const values = async () => (await stats()).map((s) => s.value);

beforeAll(async () => {
  t = await createTestApp({ clock });
  headers = await t.as('staff'); // users: the seeded super_admin and this staff member
});
afterAll(() => t.close());

describe('GET /v1/dashboard', () => {
  it('replies with the five cards, in order, with exactly these names; zero without submissions', async () => {
    const list = await stats();
    expect(list).toEqual([
      { name: 'Total Users', value: 2 },
      { name: 'Total Submissions', value: 0 },
      { name: 'Total Pending Reviews', value: 0 },
      { name: 'Total Pending Transfers', value: 0 },
      { name: 'Deadline within a Week', value: 0 },
    ]);
    expect(list.map((s) => s.name)).toEqual(NAMES);
  });

  it('counts users, restricted ones included', async () => {
    await t.createUser('member');
    await t.createUser('admin', { isRestricted: true });
    expect((await values())[0]).toBe(4);
  });

  it('counts submissions by status, and deadlines from today through today + 7 of open ones', async () => {
    await t.database.db.insert(submissions).values([
      row('Pending Review', '2025-06-15'), //      today: counted
      row('Pending Transfer', '2025-06-22'), //    today + 7: counted
      row('Transfer Error', '2025-06-18'), //      inside the week: counted
      row('Pending Review', '2025-06-23'), //      today + 8: not counted
      row('Pending Transfer', '2025-06-14'), //    yesterday (overdue): not counted
      row('Successful Transfer', '2025-06-16'), // transferred: not counted
      row('Denied', '2025-06-16'), //              denied: not counted
      row('Pending Review', '2025-07-15'), //      far away: not counted
    ]);
    expect(await stats()).toEqual([
      { name: 'Total Users', value: 4 },
      { name: 'Total Submissions', value: 8 },
      { name: 'Total Pending Reviews', value: 3 },
      { name: 'Total Pending Transfers', value: 2 },
      { name: 'Deadline within a Week', value: 3 },
    ]);
  });

  it('moves the deadline window with the clock', async () => {
    const at = async (now: string) => {
      clock.set(now);
      headers = await t.as('staff'); // a token minted at the new time
      return values();
    };
    // window 06-08 … 06-15: the Pending Review due 06-15 and the Pending Transfer due 06-14
    expect((await at('2025-06-08T16:00:00.000Z'))[4]).toBe(2);
    // window 06-16 … 06-23: 06-22, 06-18 and 06-23 (Successful Transfer and Denied on 06-16 never count)
    expect((await at('2025-06-16T16:00:00.000Z'))[4]).toBe(3);
    // window 06-24 … 07-01: nothing open
    expect((await at('2025-06-24T16:00:00.000Z'))[4]).toBe(0);
    // window 07-08 … 07-15: the far one, on its last day
    expect((await at('2025-07-08T16:00:00.000Z'))[4]).toBe(1);
    expect(await at('2025-06-15T16:00:00.000Z')).toEqual([4, 8, 3, 2, 3]);
  });

  it("counts from the clinic's today (JOTFORM_TIMEZONE, America/New_York here), not UTC's", async () => {
    expect(t.config.JOTFORM_TIMEZONE).toBe('America/New_York');
    const at = async (now: string) => {
      clock.set(now);
      headers = await t.as('staff');
      return (await values())[4];
    };
    // 22:00 on 06-23 in New York is already 06-24 in UTC: the Pending Review due 06-23 is due today.
    expect(await at('2025-06-24T02:00:00.000Z')).toBe(1);
    // Just after local midnight it is overdue.
    expect(await at('2025-06-24T04:30:00.000Z')).toBe(0);
    // 22:00 on 07-15 in New York: the far one is due today.
    expect(await at('2025-07-16T02:00:00.000Z')).toBe(1);
    clock.set('2025-06-15T16:00:00.000Z');
    headers = await t.as('staff');
  });

  it('is the same for every role', async () => {
    for (const role of ['member', 'admin', 'super_admin'] as const) {
      expect((await stats(await t.as(role))).map((s) => s.name)).toEqual(NAMES);
    }
  });
});
