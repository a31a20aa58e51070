import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_QID } from '../../emulators/jotform/fixtures.ts';
import { DEMO_COUNT, SECRET, jotformSyncSuite } from './submissions.sync.test-support.ts';

describe('the JotForm webhook posted ten times at once', () => {
  const s = jotformSyncSuite();
  const { insertedCalls, sync, rowOf, logs } = s;
  const tenAtOnce = (id: string) => Promise.all(Array.from({ length: 10 }, () => s.t.request({ method: 'POST', url: `/v1/jotforms/webhook/${SECRET}`, payload: { submissionID: id } })));
  const audits = async (id: string) => (await s.t.database.pool.query<{ action: string }>('select action from audit_events where entity_id = $1 order by id', [id])).rows.map((r) => r.action);
  const linesAbout = async (id: string) => (await logs()).map((l) => l.description).filter((d) => d.includes(id));

  beforeAll(async () => {
    expect(await sync().syncOnce()).toEqual({ inserted: DEMO_COUNT, updated: 0 });
  });

  it('for a new submission: stored once, imported once, one line in the system log, every reply received', async () => {
    const { id } = await s.emulator.addSubmission({ [DEMO_QID.fullName]: { first: 'Tenfold', last: 'Delivery' } });
    const replies = await tenAtOnce(id);
    expect(replies.map((r) => [r.statusCode, r.json()])).toEqual(Array(10).fill([200, { received: true }]));
    expect((await rowOf(id))?.submissionStatus).toBe('Pending Review');
    expect(insertedCalls).toEqual([[id]]);
    expect(await audits(id)).toEqual(['import']);
    expect(await linesAbout(id)).toEqual([`Submission ${id} received from a JotForm webhook`]);
  });

  it('for a submission already stored and unchanged: nothing written, nothing logged', async () => {
    const id = s.demoIds()[0]!;
    const before = await linesAbout(id);
    const replies = await tenAtOnce(id);
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(insertedCalls).toEqual([]);
    expect(await audits(id)).toEqual(['import']);
    expect(await linesAbout(id)).toEqual(before);
  });
});
