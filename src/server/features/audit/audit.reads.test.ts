import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#shared/contract/audit';
import type { HistoryEntry } from '#shared/contract/submissions';
import { DEMO_FORM_ID } from '../../emulators/jotform/fixtures.ts';
import { EXPORT, LIST, complaintFile } from '../../../../tests/support/complaint-file.ts';

const f = complaintFile();
const audit = async (query: string): Promise<{ results: AuditEntry[]; totalResults: number }> => {
  const res = await f.send('GET', `/v1/audit?limit=100&${query}`, undefined, f.admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const reads = async () => (await audit('reads=true')).results.filter((e) => e.action === 'viewed' || e.action === 'exported');

describe('reads of patient data on the record', () => {
  it('opening a submission’s details records who viewed it, when and from where', async () => {
    f.clock.advance(60_000);
    const res = await f.send('GET', `/v1/jotforms/submission/${f.ids.friday}`);
    expect(res.statusCode).toBe(200);
    const viewed = (await audit('action=viewed&entity=submission')).results;
    expect(viewed).toHaveLength(1);
    expect(viewed[0]).toMatchObject({
      at: f.clock.now().toISOString(),
      actor: { id: f.staffUser.id, name: 'Dana Reyes', email: 'dana.reyes@example.org' },
      address: '127.0.0.1',
      entity: 'submission',
      entityId: f.ids.friday,
      action: 'viewed',
    });
  });

  it('a page of the list records the submissions it showed, on the form; the same page again within 10 minutes is already on the record', async () => {
    const before = await reads();
    const page = await f.send('GET', `${LIST}?limit=3`);
    expect(page.statusCode).toBe(200);
    const shown = page.json<{ results: { id: string }[] }>().results.map((r) => r.id);
    expect(shown).toHaveLength(3);
    const after = await reads();
    const [entry, ...more] = after.slice(0, after.length - before.length);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor: { id: f.staffUser.id }, address: '127.0.0.1', entity: 'form', entityId: DEMO_FORM_ID, action: 'viewed' });
    expect(Object.fromEntries(entry!.changes.map((c) => [c.field, c.after]))).toEqual({ read: 'submissions list', submissions: shown.join(', ') });
    // Refetched, or paged back to: nothing more. Another page is another read.
    expect((await f.send('GET', `${LIST}?limit=3`)).statusCode).toBe(200);
    expect(await reads()).toHaveLength(before.length + 1);
    expect((await f.send('GET', `${LIST}?limit=3&page=2`)).statusCode).toBe(200);
    expect(await reads()).toHaveLength(before.length + 2);
    f.clock.advance(10 * 60_000);
    expect((await f.send('GET', `${LIST}?limit=3`)).statusCode).toBe(200);
    expect(await reads()).toHaveLength(before.length + 3);
    // A page that shows no one is no read of patient data.
    expect((await f.send('GET', `${LIST}?search=nobody-by-this-name`)).statusCode).toBe(200);
    expect(await reads()).toHaveLength(before.length + 3);
  });

  it('reading a submission’s follow-up notes records a read of it; the details opened meanwhile are the same read, not another entry', async () => {
    const id = f.ids.saturday;
    const url = `/v1/jotforms/submission/${id}/followups`;
    expect((await f.send('GET', url)).statusCode).toBe(200);
    expect((await f.send('GET', url)).statusCode).toBe(200);
    expect((await f.send('GET', `/v1/jotforms/submission/${id}`)).statusCode).toBe(200);
    const entries = (await audit(`entity=submission&entityId=${id}&action=viewed`)).results;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: { id: f.staffUser.id }, changes: [{ field: 'read', before: null, after: 'follow-ups' }] });
    // Someone else's read is their own.
    expect((await f.send('GET', url, undefined, f.admin)).statusCode).toBe(200);
    expect((await audit(`entity=submission&entityId=${id}&action=viewed`)).results).toHaveLength(2);
  });

  it('the details and their follow-ups asked for at once, as the details page does, make one entry', async () => {
    const id = f.ids.deadlineSoon;
    const replies = await Promise.all([f.send('GET', `/v1/jotforms/submission/${id}`), f.send('GET', `/v1/jotforms/submission/${id}/followups`)]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await audit(`entity=submission&entityId=${id}&action=viewed`)).results).toHaveLength(1);
  });

  it('each CSV export records who, when, the filters and order, and the rows in the file', async () => {
    const res = await f.send('GET', `${EXPORT}?status=Pending%20Review&bad_gte=2025-06-01&sortBy=submitter:asc`, undefined, { ...f.staff, accept: '*/*' });
    expect(res.statusCode).toBe(200);
    const rows = res.body.split('\r\n').filter(Boolean).length - 1;
    expect(rows).toBeGreaterThan(1);
    const [entry, ...more] = (await audit('action=exported')).results;
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor: { id: f.staffUser.id }, entity: 'form', entityId: DEMO_FORM_ID, action: 'exported', at: f.clock.now().toISOString() });
    expect(Object.fromEntries(entry!.changes.map((c) => [c.field, c.after]))).toEqual({ status: 'Pending Review', bad_gte: '2025-06-01', sortBy: 'submitter:asc', rows });
  });

  it('the audit trail leaves reads out unless they are asked for; a submission’s history never shows them', async () => {
    const all = await audit('');
    expect(all.results.some((e) => e.action === 'viewed' || e.action === 'exported')).toBe(false);
    const withReads = await audit('reads=true');
    expect(withReads.totalResults).toBe(all.totalResults + (await reads()).length);
    expect(withReads.results[0]!.action).toBe('exported');
    expect((await audit(`entity=submission&entityId=${f.ids.friday}&reads=true`)).results.map((e) => e.action)).toEqual(['viewed', 'import']);

    const history = await f.send('GET', `/v1/jotforms/submission/${f.ids.friday}/history`);
    expect(history.json<{ results: HistoryEntry[] }>().results.map((e) => e.action)).toEqual(['import']);
  });

  it('“has anyone opened submission X?” is looked up in an index of the views', async () => {
    const plan = await f.t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select 1 from audit_events where entity = 'submission' and action = 'viewed' and entity_id = ${f.ids.early} limit 1`);
    });
    expect(plan.rows.map((r) => Object.values(r)[0]).join('\n')).toMatch(/Index Only Scan using audit_events_viewed_idx/);
  });

  it('a read that cannot be recorded gets no reply with the data', async () => {
    await f.t.database.owner.db.execute(sql`create function refuse_reads() returns trigger language plpgsql as $$ begin raise exception 'audit insert failed'; end $$`);
    await f.t.database.owner.db.execute(sql`create trigger refuse_reads before insert on audit_events for each row when (new.action in ('viewed', 'exported')) execute function refuse_reads()`);
    const details = await f.send('GET', `/v1/jotforms/submission/${f.ids.early}`);
    expect(details.statusCode).toBe(500);
    expect(details.body).not.toContain(f.ids.early);
    const list = await f.send('GET', `${LIST}?limit=7`);
    expect(list.statusCode).toBe(500);
    expect(list.body).not.toContain(f.ids.early);
    const file = await f.send('GET', EXPORT, undefined, { ...f.staff, accept: '*/*' });
    expect(file.statusCode).toBe(500);
    expect(file.body).not.toContain('Submission Date');
  });
});
