import { asc, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instance, type TestApp, bearer, createTestApp, secondInstance } from '../../../../tests/support/test-app.ts';
import { emailConfigs, mailOutbox, submissions } from '../../db/schema/index.ts';
import { fixedClock } from '../../lib/clock.ts';

const FORM = '250000000000001';
// 07:00 on Monday 2025-06-16 in New York (JOTFORM_TIMEZONE's default); the reminders run at 08:00.
const clock = fixedClock('2025-06-16T11:00:00.000Z');
const ENV = { REMINDER_TIME: '08:00', PUBLIC_URL: 'https://quality.example.org' };
let t: TestApp;
let other: Instance;
type Person = { id: string; email: string; password: string };
let ann: Person;
let ben: Person;
/** Headers of a sign-in at the clock's time now (the clock moves by days). */
const as = async (u: Person) => bearer((await t.login(u.email, u.password)).access);
let cat: { id: string };

const digests = (day: string) => t.database.db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, `reminder:${day}:%`)).orderBy(asc(mailOutbox.createdAt));
const ownerOf = <R extends { to: string[] }>(rows: R[], email: string) => rows.filter((r) => r.to.includes(email));

function complaint(id: string, ownerId: string | null, reportingDue: string | null, investigationDeadline = '2025-07-30', submissionStatus: 'Pending Review' | 'Denied' = 'Pending Review') {
  return { id, formId: FORM, createdAtJf: '2025-06-01 10:00:00', submissionDate: new Date('2025-06-01T14:00:00Z'), submitter: 'Patricia Patient', becomeAwareDate: '2025-06-01', investigationDeadline, reportingDue, ownerId, submissionStatus, chNumber: `CH-${id}` };
}

beforeAll(async () => {
  t = await createTestApp({ clock, env: ENV, deps: { formId: FORM } });
  ann = await t.createUser('staff', { name: 'Ann Owner' });
  ben = await t.createUser('member', { name: 'Ben Owner' });
  cat = await t.createUser('staff', { name: 'Cat Restricted', isRestricted: true });
  const dan = await t.createUser('staff', { name: 'Dan Nothing Due' });
  await t.database.db.insert(emailConfigs).values([{ id: 'c1', email: 'quality@example.org' }, { id: 'c2', email: 'off@example.org', active: false }]);
  await t.database.db.insert(submissions).values([
    complaint('7001', ann.id, '2025-06-12'), //           overdue
    complaint('7002', ann.id, '2025-06-19'), //           due soon (3 days left)
    complaint('7003', ann.id, '2025-06-20'), //           4 days left: not yet; due soon tomorrow
    complaint('7004', ann.id, null, '2025-06-18'), //     investigation deadline in 2 days
    complaint('7005', ann.id, null, '2025-06-18', 'Denied'), // denied: its investigation is over
    complaint('7006', ben.id, '2025-06-17'), //           Ben's, due soon
    complaint('7007', cat.id, '2025-06-10'), //           restricted owner: no digest
    complaint('7008', dan.id, '2025-07-15'), //           nothing due for Dan
    complaint('7009', null, '2025-06-11'), //             nobody's: to the notification recipients
  ]);
  other = await secondInstance(t, { clock, env: ENV });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('the daily reminder digests', () => {
  it('sends nothing before REMINDER_TIME', async () => {
    await Promise.all([t.app.services.reminders.tick(), other.app.services.reminders.tick()]);
    expect(await digests('2025-06-16')).toEqual([]);
  });

  it('at the time, two instances send one digest per recipient, each listing only what is due', async () => {
    clock.set('2025-06-16T12:00:00.000Z'); // 08:00 in New York
    await Promise.all([t.app.services.reminders.tick(), other.app.services.reminders.tick()]);
    const sent = await digests('2025-06-16');
    expect(sent.map((m) => m.to).sort()).toEqual([[ann.email], [ben.email], ['quality@example.org']].sort());
    expect(sent.every((m) => m.kind === 'reminder' && m.status === 'stored')).toBe(true);
    const [annDigest] = ownerOf(sent, ann.email);
    expect(annDigest!.subject).toBe('Reminder 2025-06-16: 3 complaints of yours with a deadline due');
    expect(annDigest!.text).toContain('Submission 7001 (CH-7001) · Pending Review\n  Reporting due: 2025-06-12 (overdue)');
    expect(annDigest!.text).toContain('Reporting due: 2025-06-19 (due soon)');
    expect(annDigest!.text).toContain('Submission 7004 (CH-7004) · Pending Review\n  Reporting due: no reporting clock running\n  Investigation deadline: 2025-06-18');
    expect(annDigest!.text).toContain('https://quality.example.org/dashboard/jotforms/submission/7001');
    for (const id of ['7003', '7005', '7006', '7007', '7008', '7009']) expect(annDigest!.text).not.toContain(`Submission ${id}`);
    expect(annDigest!.html).toContain('<td style="padding:6px 10px;border-bottom:1px solid #e2e8f0;text-align:left;color:#b91c1c;font-weight:600;">2025-06-12 (overdue)</td>');
    const [unowned] = ownerOf(sent, 'quality@example.org');
    expect(unowned!.subject).toBe('Reminder 2025-06-16: 1 complaint without an owner with a deadline due');
    expect(unowned!.text).toContain('Submission 7009');
    for (const m of sent) expect(`${m.text}${m.html}`).not.toMatch(/Patricia|Ann Owner|Ben Owner/);
  });

  it('never twice a day: later looks, a restart and the admin button add nothing', async () => {
    clock.set('2025-06-16T20:00:00.000Z');
    await t.app.services.reminders.tick();
    const restarted = await secondInstance(t, { clock, env: ENV });
    await restarted.app.services.reminders.tick();
    await restarted.close();
    const admin = await t.as('admin');
    const res = await t.request({ method: 'POST', url: '/v1/mail/reminders', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((m: { kind: string }) => m.kind)).toEqual(['reminder', 'reminder', 'reminder']);
    expect(await digests('2025-06-16')).toHaveLength(3);
  });

  it('a clock that becomes due soon appears in the next day’s digest; a user who turned theirs off gets none', async () => {
    const benHeaders = await as(ben);
    const off = await t.request({ method: 'PUT', url: '/v1/mail/reminders/mine', headers: benHeaders, payload: { digest: false } });
    expect(off.json()).toEqual({ digest: false });
    expect((await t.request({ method: 'GET', url: '/v1/mail/reminders/mine', headers: benHeaders })).json()).toEqual({ digest: false });
    expect((await t.request({ method: 'GET', url: '/v1/mail/reminders/mine', headers: await as(ann) })).json()).toEqual({ digest: true });
    // Started after the time: the day's digests go at the first look.
    clock.set('2025-06-17T15:30:00.000Z');
    await other.app.services.reminders.tick();
    const sent = await digests('2025-06-17');
    expect(sent.map((m) => m.to[0]).sort()).toEqual([ann.email, 'quality@example.org'].sort());
    expect(ownerOf(sent, ann.email)[0]!.text).toContain('Submission 7003 (CH-7003) · Pending Review\n  Reporting due: 2025-06-20 (due soon)');
  });

  it('queues nothing when every digest would be empty', async () => {
    await t.database.db.delete(submissions);
    clock.set('2025-06-18T13:00:00.000Z');
    const res = await t.request({ method: 'POST', url: '/v1/mail/reminders', headers: await t.as('admin') });
    expect(res.json()).toEqual({ results: [] });
  });

  it('POST /v1/mail/reminders is for admins', async () => {
    const headers = await as(ann);
    expect((await t.request({ method: 'POST', url: '/v1/mail/reminders', headers })).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url: '/v1/mail/reminders/mine', headers, payload: { digest: 'no' } })).statusCode).toBe(400);
  });

  it('REMINDER_TIME=off sends nothing by itself', async () => {
    const quiet = await secondInstance(t, { clock, env: { REMINDER_TIME: 'off' } });
    await t.database.db.insert(submissions).values(complaint('7010', ann.id, '2025-06-01'));
    clock.set('2025-06-19T15:00:00.000Z');
    await quiet.app.services.reminders.tick();
    await quiet.close();
    expect(await digests('2025-06-19')).toEqual([]);
  });
});
