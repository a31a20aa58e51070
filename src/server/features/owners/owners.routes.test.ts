import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_HEADERS, type SubmissionRow } from '#shared/contract/submissions';
import { type TestApp, bearer, createTestApp } from '../../../../tests/support/test-app.ts';
import { auditEvents, emailConfigs, mailOutbox, submissions } from '../../db/schema/index.ts';
import { fixedClock } from '../../lib/clock.ts';

const FORM = '250000000000001';
const clock = fixedClock('2025-06-15T16:00:00.000Z');
let t: TestApp;
type Person = { id: string; email: string; headers: Record<string, string> };
let sam: Person; // staff, the one acting
let mia: Person; // member
let rex: { id: string }; // restricted
let ids: string[];

async function person(role: 'staff' | 'member' | 'admin', name: string): Promise<Person> {
  const u = await t.createUser(role, { name });
  return { ...u, headers: bearer((await t.login(u.email, u.password)).access) };
}

const put = (id: string, payload: unknown, headers = sam.headers) => t.request({ method: 'PUT', url: `/v1/jotforms/submission/${id}/owner`, headers, payload: payload as Record<string, unknown> });
const audits = (id: string) => t.database.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, id), eq(auditEvents.entity, 'submission'))).orderBy(asc(auditEvents.id));
const changes = async (id: string) => (await audits(id)).filter((e) => e.action !== 'viewed').map((e) => [e.action, e.actorEmail, e.before, e.after]);
const mails = (id: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, id)).orderBy(asc(mailOutbox.createdAt));
const list = async (query: string, headers = sam.headers): Promise<{ results: SubmissionRow[]; totalResults: number }> => {
  const res = await t.request({ method: 'GET', url: `/v1/jotforms/${FORM}?limit=100&${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp({ clock, deps: { formId: FORM }, env: { PUBLIC_URL: 'https://quality.example.org' } });
  sam = await person('staff', 'Sam Staff');
  mia = await person('member', 'Mia Member');
  rex = await t.createUser('admin', { name: 'Rex Restricted', isRestricted: true });
  ids = Array.from({ length: 8 }, (_, i) => `61000000000000${i}`);
  await t.database.db.insert(submissions).values(
    ids.map((id, i) => ({
      id,
      formId: FORM,
      createdAtJf: '2025-06-10 10:00:00',
      submissionDate: new Date(`2025-06-1${i % 5}T14:00:00.000Z`),
      submitter: 'Patricia Patient',
      becomeAwareDate: '2025-06-10',
      investigationDeadline: '2025-07-10',
      reportingDue: '2025-06-17',
      chNumber: i === 0 ? 'CH-000100' : null,
    })),
  );
});
afterAll(() => t.close());

describe('GET /v1/jotforms/owners', () => {
  it('lists every user who is not restricted, by name, to every role', async () => {
    for (const headers of [mia.headers, sam.headers, await t.as('admin')]) {
      const res = await t.request({ method: 'GET', url: '/v1/jotforms/owners', headers });
      expect(res.statusCode).toBe(200);
      const names = res.json().results.map((o: { name: string }) => o.name);
      expect(names).toContain('Mia Member');
      expect(names).toContain('Sam Staff');
      expect(names).not.toContain('Rex Restricted');
      expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
      expect(Object.keys(res.json().results[0]).sort()).toEqual(['id', 'name']);
    }
  });

  it('asks for a sign-in', async () => {
    expect((await t.request({ method: 'GET', url: '/v1/jotforms/owners' })).statusCode).toBe(401);
  });
});

describe('PUT /v1/jotforms/submission/{id}/owner', () => {
  it('assigns someone else: the row in the reply has its owner, the change is audited, and one e-mail goes to them without names', async () => {
    const id = ids[0]!;
    const res = await put(id, { userId: mia.id, expectedOwnerId: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({ id, owner: { id: mia.id, name: 'Mia Member' } });
    expect(await changes(id)).toEqual([['assign', sam.email, { owner: null, ownerId: null }, { owner: 'Mia Member', ownerId: mia.id }]]);
    const [mail, ...more] = await mails(id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: 'assignment', to: [mia.email], subject: `Submission ${id} (CH-000100) assigned to you` });
    expect(mail!.text).toContain('Sam Staff assigned this complaint to you');
    expect(mail!.text).toContain('Reporting due: 2025-06-17 (due soon)');
    expect(mail!.text).toContain(`https://quality.example.org/dashboard/jotforms/submission/${id}`);
    expect(mail!.text).not.toContain('Patricia');
  });

  it('shows the owner on the details and the change in History', async () => {
    const id = ids[0]!;
    const details = await t.request({ method: 'GET', url: `/v1/jotforms/submission/${id}`, headers: mia.headers });
    expect(details.json().owner).toEqual({ id: mia.id, name: 'Mia Member' });
    const history = await t.request({ method: 'GET', url: `/v1/jotforms/submission/${id}/history`, headers: mia.headers });
    expect(history.json().results[0]).toMatchObject({ action: 'assign', actor: { name: 'Sam Staff' }, changes: [{ field: 'owner', before: null, after: 'Mia Member' }] });
    // The ids are for the audit trail, not for History.
    expect(history.json().results[0].changes).toHaveLength(1);
    const audit = await t.request({ method: 'GET', url: `/v1/audit?entityId=${id}&action=assign`, headers: await t.as('admin') });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().results[0].changes).toEqual(expect.arrayContaining([{ field: 'ownerId', before: null, after: mia.id }]));
  });

  it('taking it oneself sends no e-mail; a repeat changes nothing and writes no audit entry', async () => {
    const id = ids[1]!;
    expect((await put(id, { userId: sam.id })).json().results.owner).toEqual({ id: sam.id, name: 'Sam Staff' });
    const res = await put(id, { userId: sam.id, expectedOwnerId: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.owner).toEqual({ id: sam.id, name: 'Sam Staff' });
    expect(await changes(id)).toEqual([['take', sam.email, { owner: null, ownerId: null }, { owner: 'Sam Staff', ownerId: sam.id }]]);
    expect(await mails(id)).toEqual([]);
  });

  it('replies 409 when the owner changed meanwhile, and changes nothing', async () => {
    const id = ids[2]!;
    await put(id, { userId: sam.id }, mia.headers);
    const res = await put(id, { userId: mia.id, expectedOwnerId: null }, mia.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'conflict', message: 'Someone changed the owner meanwhile: it is now Sam Staff. Look again before changing it.' });
    expect((await put(id, { userId: null, expectedOwnerId: mia.id })).statusCode).toBe(409);
    expect(await changes(id)).toHaveLength(1);
    // With the owner it saw, the change goes through.
    const ok = await put(id, { userId: null, expectedOwnerId: sam.id }, mia.headers);
    expect(ok.json().results.owner).toBeNull();
    expect((await changes(id)).at(-1)).toEqual(['unassign', mia.email, { owner: 'Sam Staff', ownerId: sam.id }, { owner: null, ownerId: null }]);
  });

  it('refuses an unknown or restricted user with a 400 that says which', async () => {
    const id = ids[3]!;
    const unknown = await put(id, { userId: 'no-such-user' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('User no-such-user does not exist.');
    const restricted = await put(id, { userId: rex.id });
    expect(restricted.statusCode).toBe(400);
    expect(restricted.json().message).toMatch(/^Rex Restricted \(.+\) is restricted and cannot own submissions\.$/);
    for (const payload of [{}, { userId: 5 }, { userId: sam.id, extra: 1 }]) expect((await put(id, payload)).statusCode).toBe(400);
    expect(await changes(id)).toEqual([]);
  });

  it('404 for an unknown submission; 401 without a sign-in', async () => {
    expect((await put('999', { userId: sam.id })).statusCode).toBe(404);
    expect((await t.request({ method: 'PUT', url: `/v1/jotforms/submission/${ids[3]}/owner`, payload: { userId: null } })).statusCode).toBe(401);
  });

  it('ten identical assignments at once make one change, one audit entry and one e-mail', async () => {
    const id = ids[4]!;
    const replies = await Promise.all(Array.from({ length: 10 }, () => put(id, { userId: mia.id, expectedOwnerId: null })));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(replies.every((r) => r.json().results.owner?.id === mia.id)).toBe(true);
    expect(await changes(id)).toHaveLength(1);
    expect((await mails(id)).map((m) => m.kind)).toEqual(['assignment']);
  });

  it('an assignment mail never blocks the delivered notice', async () => {
    const id = ids[0]!;
    await t.database.db.insert(emailConfigs).values({ id: 'cfg-1', email: 'quality@example.org' });
    const res = await t.request({ method: 'POST', url: `/v1/jotforms/submission/${id}/send-email-recipient`, headers: sam.headers });
    expect(res.json()).toMatchObject({ message: 'Email queued for the recipients', recipients: 1 });
    expect((await mails(id)).map((m) => m.kind)).toEqual(['assignment', 'delivered']);
    const mailStatus = await t.request({ method: 'GET', url: `/v1/jotforms/submission/${id}/mail`, headers: sam.headers });
    expect(mailStatus.json().results).toHaveLength(1);
  });
});

describe('the owner filter of the list and the CSV', () => {
  it('owner=me, none or a user id; rows carry their owner', async () => {
    // ids[0] and ids[4]: Mia; ids[1]: Sam; the rest nobody.
    const mine = await list('owner=me', mia.headers);
    expect(mine.results.map((r) => r.id).sort()).toEqual([ids[0], ids[4]].sort());
    expect(mine.totalResults).toBe(2);
    expect(mine.results.every((r) => r.owner?.name === 'Mia Member')).toBe(true);
    expect((await list('owner=me')).results.map((r) => r.id)).toEqual([ids[1]]);
    expect((await list(`owner=${mia.id}`)).totalResults).toBe(2);
    const none = await list('owner=none');
    expect(none.totalResults).toBe(5);
    expect(none.results.every((r) => r.owner === null)).toBe(true);
    expect((await list('')).totalResults).toBe(8);
    expect((await list('owner=me&closure=open', mia.headers)).totalResults).toBe(2);
    expect((await list('owner=me&closure=closed', mia.headers)).totalResults).toBe(0);
  });

  it('the CSV filters the same way and keeps its ten headers', async () => {
    const res = await t.request({ method: 'GET', url: `/v1/jotforms/${FORM}/exportSubmissionsCSV?owner=me`, headers: mia.headers });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(CSV_HEADERS.join(','));
    expect(lines).toHaveLength(3);
  });
});
