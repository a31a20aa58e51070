import { beforeAll, describe, expect, it } from 'vitest';
import type { Closure } from '#shared/contract/closure';
import { DEMO_QID } from '../../emulators/jotform/fixtures.ts';
import { complaintFile } from '../../../../tests/support/complaint-file.ts';

const f = complaintFile();
const at = (id: string, tail: string) => `/v1/jotforms/submission/${id}/${tail}`;
type Step = 'decision' | 'investigation' | 'reports' | 'reply' | 'transfer';
const closeBody = async () => ({ summary: 'Investigated, reported and answered; nothing left open.', signature: await f.sign('Complaint closed') });

/** A complaint taken through every closing condition but `skip`, as the details page would. */
async function prepare(skip?: Step): Promise<string> {
  const { id } = await f.emulator.addSubmission({ [DEMO_QID.awareDate]: '2025-06-10' });
  await f.t.app.services.sync.syncOnce();
  const ok = async (res: { statusCode: number; body: string }, status = 200) => expect(res.statusCode, res.body).toBe(status);
  if (skip === 'decision') {
    // Denied as not reportable: an unsigned decision, and no quality process needed.
    await ok(await f.send('PATCH', at(id, 'review'), { decision: 'deny', reason: 'Duplicate of an earlier complaint.', notReportable: true }));
  } else {
    await ok(await f.send('PUT', at(id, 'reportability'), { decision: 'reportable', rationale: 'Burn needing treatment after the strap failed.', category: 'standard', signature: await f.sign('Reportability decided') }));
    await ok(await f.send('POST', at(id, 'reportability/reports'), { regime: 'US_MDR', reportedOn: '2025-06-12', reference: 'MW5012345' }), 201);
    if (skip !== 'reports') await ok(await f.send('POST', at(id, 'reportability/reports'), { regime: 'EU_MDR', reportedOn: '2025-06-12', reference: 'EUDAMED-42' }), 201);
    await ok(await f.send('PATCH', at(id, 'review'), { decision: 'approve' }));
    if (skip !== 'transfer') await ok(await f.send('PATCH', at(id, 'quality-process'), { chTitle: 'Strap failure' }), 204);
  }
  if (skip !== 'investigation') {
    await ok(await f.send('PUT', at(id, 'investigation'), { outcome: 'investigated', summary: 'Strap batch tested: adhesive below spec.', result: 'Supplier corrective action raised.', signature: await f.sign('Investigation reviewed') }));
  }
  if (skip !== 'reply') await ok(await f.send('PUT', at(id, 'reply'), { outcome: 'replied', repliedOn: '2025-06-14', channel: 'email', text: 'We found the cause and replaced your strap.' }));
  return id;
}

describe('closing a complaint', () => {
  const ids = {} as Record<Step | 'ready', string>;
  beforeAll(async () => {
    for (const step of ['decision', 'investigation', 'reports', 'reply', 'transfer'] as const) ids[step] = await prepare(step);
    ids.ready = await prepare();
  });

  it.each([
    ['decision', 'Sign the reportability decision.'],
    ['investigation', 'Record the investigation, or the reason there was none, and sign it.'],
    ['reports', 'File the report for EU MDR (Art. 87), and record it.'],
    ['reply', 'Record the reply to the complainant, or why none is needed.'],
    ['transfer', 'Create the quality process in Arena (or deny the complaint).'],
  ] as const)('is refused while only the %s condition is missing: 409 not_ready naming it', async (step, sentence) => {
    const res = await f.send('POST', at(ids[step], 'close'), await closeBody());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'not_ready', message: 'This complaint cannot be closed yet: one condition is not met.', missing: [sentence] });
    const closure = (await f.send('GET', at(ids[step], 'closure'))).json<Closure>();
    expect(closure).toMatchObject({ closed: false, missing: [sentence] });
    expect(closure.checklist.filter((c) => !c.done).map((c) => c.condition)).toEqual([step]);
    expect((await f.row(ids[step])).closed).toBe(false);
  });

  it('a denied complaint closes once its decision is signed, the investigation waived and no reply needed', async () => {
    const id = ids.decision;
    // The unsigned decision made by the deny is signed as it stands: no second decision.
    const signed = await f.send('PUT', at(id, 'reportability'), { decision: 'not_reportable', rationale: 'Duplicate of an earlier complaint.', signature: await f.sign('Reportability decided') });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().decisions).toHaveLength(1);
    expect(signed.json().signatures).toHaveLength(1);
    const waived = await f.send('PUT', at(id, 'investigation'), { outcome: 'not_investigated', reason: 'A duplicate: the first report was investigated.', signature: await f.sign('Investigation reviewed') });
    expect(waived.json<Closure>().investigation).toMatchObject({ outcome: 'not_investigated', reason: 'A duplicate: the first report was investigated.', decidedBy: { name: 'Dana Reyes' } });
    await f.send('PUT', at(id, 'reply'), { outcome: 'not_needed', reason: 'The complainant withdrew it by phone.' });
    const closed = await f.send('POST', at(id, 'close'), await closeBody());
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<Closure>().closed).toBe(true);
  });

  it('closes when everything is met, signed; the list marks it and filters by it; it is read-only until reopened', async () => {
    const id = ids.ready;
    const res = await f.send('POST', at(id, 'close'), await closeBody());
    expect(res.statusCode, res.body).toBe(200);
    const closure = res.json<Closure>();
    expect(closure).toMatchObject({ closed: true, closedAt: f.clock.now().toISOString(), missing: [] });
    expect(closure.events).toEqual([{ action: 'close', text: 'Investigated, reported and answered; nothing left open.', at: f.clock.now().toISOString(), by: f.staffUser }]);
    expect(closure.signatures.map((s) => [s.kind, s.meaning, s.valid])).toEqual([
      ['closure', 'Complaint closed', true],
      ['investigation', 'Investigation reviewed', true],
      ['reportability', 'Reportability decided', true],
    ]);
    expect(await f.row(id)).toMatchObject({ closed: true, clock: 'met', reportingDue: null });
    expect((await f.list('closure=closed')).results.map((r) => r.id).sort()).toEqual([ids.decision, id].sort());
    expect((await f.list('closure=open')).results.map((r) => r.id)).not.toContain(id);
    // A second close (a double click) answers as it is.
    expect((await f.send('POST', at(id, 'close'), await closeBody())).statusCode).toBe(200);

    const refused = 'This complaint is closed: reopen it to change it.';
    for (const [method, tail, body] of [
      ['PUT', 'reportability', { decision: 'reportable', rationale: 'A new rationale after closing.', category: 'standard', signature: await f.sign('Reportability decided') }],
      ['POST', 'reportability/reports', { regime: 'US_MDR', reportedOn: '2025-06-13', reference: 'MW-late' }],
      ['PUT', 'investigation', { outcome: 'investigated', summary: 'More tests.', result: 'Same.', signature: await f.sign('Investigation reviewed') }],
      ['PUT', 'reply', { outcome: 'not_needed', reason: 'Changed our mind about it.' }],
      ['POST', 'followups', { text: 'Called again after closing.' }],
      ['PATCH', 'create-followup', { followup: 'Called again after closing.' }],
      ['PATCH', 'mark-email-delivered', { emailDelivered: true }],
      ['PUT', 'owner', { userId: f.staffUser.id }],
    ] as const) {
      const r = await f.send(method, at(id, tail), body);
      expect(r.statusCode, tail).toBe(409);
      expect(r.json().message).toBe(refused);
    }
  });

  it('reopens with a reason: open again, recorded, and the closing signature no longer matches', async () => {
    const id = ids.ready;
    f.clock.advance(600_000);
    try {
      const short = await f.send('POST', at(id, 'reopen'), { reason: 'Too short' });
      expect(short.statusCode).toBe(400);
      const res = await f.send('POST', at(id, 'reopen'), { reason: 'The patient reported a second burn from the same strap.' }, f.admin);
      expect(res.statusCode, res.body).toBe(200);
      const closure = res.json<Closure>();
      expect(closure.closed).toBe(false);
      expect(closure.events[0]).toMatchObject({ action: 'reopen', text: 'The patient reported a second burn from the same strap.', by: { name: 'Ada Admin' } });
      expect(closure.signatures.find((s) => s.kind === 'closure')).toMatchObject({ valid: false, changed: { at: f.clock.now().toISOString(), by: 'Ada Admin' } });
      expect((await f.row(id)).closed).toBe(false);
      const history = (await f.send('GET', at(id, 'history'))).json<{ results: { action: string }[] }>().results.map((e) => e.action);
      expect(history.slice(0, 3)).toEqual(['reopen', 'sign', 'close']);
      expect((await f.send('POST', at(id, 'reopen'), { reason: 'Reopening an open complaint.' })).statusCode).toBe(409);
      // Open again: it changes, and closes again with a new signature.
      expect((await f.send('PUT', at(id, 'reply'), { outcome: 'replied', repliedOn: '2025-06-15', channel: 'phone', text: 'Called about the second burn.' })).statusCode).toBe(200);
      expect((await f.send('POST', at(id, 'close'), await closeBody())).statusCode).toBe(200);
    } finally {
      f.clock.advance(-600_000);
    }
  });

  it('a follow-up saved while the complaint is being closed waits for the close and is refused, in its own transaction', async () => {
    const id = await prepare();
    const before = await f.row(id);
    // A close in progress: another transaction holds the complaint's row and marks it closed.
    const closing = await f.t.database.pool.connect();
    try {
      await closing.query('begin');
      await closing.query('select id from submissions where id = $1 for update', [id]);
      await closing.query('update submissions set closed_at = now() where id = $1', [id]);
      const saving = f.send('PATCH', at(id, 'create-followup'), { followup: 'Called while it was being closed.' });
      // The save has begun and waits for the row: a check before its transaction would have found the complaint open.
      // (Read on a connection of its own: inside a transaction the activity view keeps its first snapshot.)
      await expect
        .poll(async () => (await f.t.database.pool.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%from "submissions"%for update%'`)).rows[0]!.n, { timeout: 10_000 })
        .toBe(1);
      await closing.query('commit');
      const res = await saving;
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'conflict', message: 'This complaint is closed: reopen it to change it.' });
    } finally {
      closing.release();
    }
    const after = await f.row(id);
    expect([after.followup, after.followupAttempts]).toEqual([before.followup, before.followupAttempts]);
    const notes = (await f.send('GET', at(id, 'followups'))).json<{ results: unknown[] }>().results;
    expect(notes).toHaveLength(0);
  });

  it('refuses a reply dated in the future or before the become-aware date', async () => {
    const { id } = await f.emulator.addSubmission({ [DEMO_QID.awareDate]: '2025-06-10' });
    await f.t.app.services.sync.syncOnce();
    const future = await f.send('PUT', at(id, 'reply'), { outcome: 'replied', repliedOn: '2025-06-16', channel: 'letter', text: 'Letter sent.' });
    expect(future.json()).toMatchObject({ code: 'validation_failed', message: 'repliedOn cannot be in the future' });
    const before = await f.send('PUT', at(id, 'reply'), { outcome: 'replied', repliedOn: '2025-06-09', channel: 'letter', text: 'Letter sent.' });
    expect(before.json().message).toBe('repliedOn cannot be before the become-aware date (2025-06-10)');
  });
});
