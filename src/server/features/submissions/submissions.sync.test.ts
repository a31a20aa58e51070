import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/support/test-app.ts';
import { createJotformClient } from '../../connectors/jotform/jotform-client.ts';
import { parseJotformDateTime } from '../../connectors/jotform/jotform-time.ts';
import { submissions, systemLogs } from '../../db/schema/index.ts';
import { DEMO_AWARE_DATE_QID, DEMO_FORM_ID, DEMO_QID } from '../../emulators/jotform/fixtures.ts';
import type { JotformSubmissionLike } from './submission-mapper.ts';
import { DEMO_COUNT, KEY, type Row, jotformSyncSuite, wallMs } from './submissions.sync.test-support.ts';
import type { JotformSource } from './submissions.sync.ts';

/** "YYYY-MM-DD" + days, on the calendar. */
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('JotForm sync against the emulator, through the real client', () => {
  const s = jotformSyncSuite();
  const { clock, insertedCalls, sync, rows, rowOf, logs, cursor, requestsSince, demoIds } = s;

  it('first sync: inserts every demo submission as Pending Review, mapped from JotForm', async () => {
    const from = s.emulator.state.requests.length;
    expect(await sync().syncOnce()).toEqual({ inserted: DEMO_COUNT, updated: 0 });

    const stored = await rows();
    expect(stored.map((r) => r.id)).toEqual(demoIds().sort());
    for (const r of stored) {
      expect(r).toMatchObject({ formId: DEMO_FORM_ID, submissionStatus: 'Pending Review', reportable: false, emailDelivered: false, followup: null, chNumber: null, chTitle: null });
      const emu = s.emulator.state.submissions.get(r.id)!;
      const name = emu.raw[DEMO_QID.fullName] as Record<string, string>;
      const aware = emu.raw[DEMO_AWARE_DATE_QID] as string;
      expect(r.submitter).toBe(`${name.first} ${name.last}`);
      expect(r.createdAtJf).toBe(emu.created_at);
      expect(r.updatedAtJf).toBe(emu.updated_at);
      expect(r.submissionDate.toISOString()).toBe(parseJotformDateTime(emu.created_at)!.toISOString());
      expect(r.becomeAwareDate).toBe(aware);
      expect(r.investigationDeadline).toBe(plusDays(aware, 30));
    }
    expect(insertedCalls.flat().sort()).toEqual(demoIds().sort());

    // One look at the form, all submissions oldest first without a filter, then one probe of the
    // updated_at filter: rows updated after a moment in the future (an API that honours it has none).
    const calls = requestsSince(from);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET /form/${DEMO_FORM_ID}`, `GET /form/${DEMO_FORM_ID}/submissions`, `GET /form/${DEMO_FORM_ID}/submissions`]);
    expect(Object.keys(calls[2]!.filter ?? {})).toEqual(['updated_at:gt']);
    expect(calls[2]!.query.get('limit')).toBe('1');
    expect(calls[1]!.filter ?? {}).toEqual({});
    expect(calls[1]!.query.get('orderby')).toBe('created_at');
    expect(calls[1]!.query.get('direction')).toBe('ASC');

    const newest = [...s.emulator.state.submissions.values()].map((x) => x.created_at).sort().at(-1);
    expect(await cursor()).toEqual({ createdAfter: newest, updatedAfter: newest });
    expect((await logs()).map((l) => [l.label, l.process, l.description])).toContainEqual(['success', 'JotForms', `Synced ${DEMO_COUNT} new and 0 updated submission(s) from JotForm`]);

    const list = await s.t.request({ method: 'GET', url: `/v1/jotforms/${DEMO_FORM_ID}?limit=100`, headers: s.headers });
    expect(list.json()).toMatchObject({ totalResults: DEMO_COUNT, totalPages: 1 });
  });

  it('a second sync changes nothing and asks only for what is new or edited since the cursor', async () => {
    const before = await rows();
    const logCount = (await logs()).length;
    const saved = (await cursor())!;
    const from = s.emulator.state.requests.length;

    expect(await sync().syncOnce()).toEqual({ inserted: 0, updated: 0 });

    const after = await rows();
    const withoutSyncTime = (list: Row[]) => list.map(({ syncedAt: _s, ...rest }) => rest);
    expect(withoutSyncTime(after)).toEqual(withoutSyncTime(before));
    expect(insertedCalls).toEqual([]);
    expect(await logs()).toHaveLength(logCount);

    const pulls = requestsSince(from).filter((c) => c.path.endsWith('/submissions'));
    expect(pulls).toHaveLength(2);
    const [created, updated] = pulls.map((p) => p.filter!);
    expect(Object.keys(created!)).toEqual(['created_at:gt']);
    expect(Object.keys(updated!)).toEqual(['updated_at:gt']);
    // Incremental with a small overlap: at most a few minutes before the cursor, never a full re-read.
    for (const [value, mark] of [
      [created!['created_at:gt']!, saved.createdAfter!],
      [updated!['updated_at:gt']!, saved.updatedAfter!],
    ] as const) {
      expect(wallMs(value)).toBeLessThanOrEqual(wallMs(mark));
      expect(wallMs(mark) - wallMs(value)).toBeLessThanOrEqual(10 * 60_000);
    }
  });

  it('an edit in JotForm updates the JotForm fields on the next sync and never the workflow fields', async () => {
    const [target, other] = demoIds();
    // Workflow first, through the API.
    expect((await s.t.request({ method: 'PATCH', url: `/v1/jotforms/submission/${target}/create-followup`, headers: s.headers, payload: { followup: 'Called the reporter.' } })).statusCode).toBe(200);
    expect((await s.t.request({ method: 'PATCH', url: `/v1/jotforms/submission/${target}/mark-reportable`, headers: s.headers, payload: { reportable: true } })).statusCode).toBe(200);
    expect((await s.t.request({ method: 'PATCH', url: `/v1/jotforms/submission/${target}/review`, headers: s.headers, payload: { decision: 'approve', decideLater: true } })).statusCode).toBe(200);
    const before = (await rowOf(target!))!;
    const untouched = (await rowOf(other!))!;

    clock.advance(60_000);
    s.emulator.editSubmission(target!, {
      answers: { [DEMO_QID.fullName]: { first: 'Renamed', last: 'Reporter' }, [DEMO_AWARE_DATE_QID]: '2025-05-01' },
      flag: '1',
      notes: 'Edited in the JotForm inbox',
    });
    expect(await sync().syncOnce()).toEqual({ inserted: 0, updated: 1 });

    const after = (await rowOf(target!))!;
    expect(after).toMatchObject({
      submitter: 'Renamed Reporter',
      submitterSearch: 'renamed reporter',
      becomeAwareDate: '2025-05-01',
      investigationDeadline: '2025-05-31',
      flag: '1',
      notes: 'Edited in the JotForm inbox',
      updatedAtJf: '2025-06-15 12:01:00',
      createdAtJf: before.createdAtJf,
      submissionDate: before.submissionDate,
    });
    expect((after.answers as Record<string, { answer?: unknown }>)[DEMO_QID.fullName]?.answer).toEqual({ first: 'Renamed', last: 'Reporter' });
    for (const key of ['submissionStatus', 'reportable', 'emailDelivered', 'followup', 'chNumber', 'chTitle', 'arenaGuid', 'transferError', 'denyReason', 'reviewedBy', 'reviewedAt', 'modifiedAt'] as const) {
      expect(after[key], key).toEqual(before[key]);
    }
    expect(after).toMatchObject({ submissionStatus: 'Pending Transfer', reportable: true, followup: 'Called the reporter.' });
    const { syncedAt: _a, ...otherNow } = (await rowOf(other!))!;
    const { syncedAt: _b, ...otherBefore } = untouched;
    expect(otherNow).toEqual(otherBefore);

    // The list's totals follow the moved aware date and the approval.
    const total = async (query: string) => (await s.t.request({ method: 'GET', url: `/v1/jotforms/${DEMO_FORM_ID}?${query}`, headers: s.headers })).json().totalResults;
    expect(await total('bad_gte=2025-05-01&bad_lte=2025-05-01')).toBe(1);
    expect(await total('bad_gte=2025-05-01&bad_lte=2025-05-01&status=Pending%20Transfer')).toBe(1);
    expect(await total('status=Pending%20Review')).toBe(DEMO_COUNT - 1);
    expect((await cursor())?.updatedAfter).toBe('2025-06-15 12:01:00');
  });

  it('picks up a new submission on the next poll with a created_at filter, and tells the onInserted hook', async () => {
    clock.advance(60_000);
    const saved = (await cursor())!;
    const { id } = await s.emulator.addSubmission({ [DEMO_QID.fullName]: { first: 'Polly', last: 'Poller' } });
    const from = s.emulator.state.requests.length;

    expect(await sync().syncOnce()).toEqual({ inserted: 1, updated: 0 });
    expect(insertedCalls).toEqual([[id]]);
    expect(await rowOf(id)).toMatchObject({ submitter: 'Polly Poller', submissionStatus: 'Pending Review', becomeAwareDate: '2025-06-15' });
    const created = requestsSince(from).find((c) => c.filter && 'created_at:gt' in c.filter);
    expect(created).toBeDefined();
    expect(wallMs(created!.filter!['created_at:gt']!)).toBeLessThanOrEqual(wallMs(saved.createdAfter!));
    expect((await cursor())?.createdAfter).toBe('2025-06-15 12:02:00');
    expect((await logs()).at(-1)).toMatchObject({ label: 'success', process: 'JotForms', description: 'Synced 1 new and 0 updated submission(s) from JotForm' });
  });

  it('when JotForm keeps failing, syncOnce rejects and one error is logged per outage, not per poll', async () => {
    const errors = async () => (await logs()).filter((l) => l.label === 'error' && l.description.startsWith('JotForm sync failed'));
    const before = (await errors()).length;
    // Three attempts per call (two retries), two polls.
    s.emulator.failNext(6, 503);
    await expect(sync().syncOnce()).rejects.toThrow('JotForm is unavailable (HTTP 503); try again later.');
    await expect(sync().syncOnce()).rejects.toThrow('JotForm is unavailable (HTTP 503); try again later.');
    const logged = (await errors()).slice(before);
    expect(logged.map((l) => [l.process, l.description])).toEqual([['JotForms', 'JotForm sync failed: JotForm is unavailable (HTTP 503); try again later.']]);

    // Back up: the poll works again; a new outage is logged again.
    expect(await sync().syncOnce()).toEqual({ inserted: 0, updated: 0 });
    s.emulator.failNext(3, 503);
    await expect(sync().syncOnce()).rejects.toThrow();
    expect((await errors()).length - before).toBe(2);
  });

  it('two concurrent syncs in one instance: the second replies busy while the first runs', async () => {
    s.emulator.setLatency(150);
    let started!: () => void;
    const lockHeld = new Promise<void>((resolve) => (started = resolve));
    s.onGetForm(() => started());
    const first = sync().syncOnce();
    await lockHeld;
    s.onGetForm(undefined);
    const second = await sync().syncOnce();
    expect(second).toBe('busy');
    expect(await first).toEqual({ inserted: 0, updated: 0 });
    // Once the first is done, the next one runs.
    s.emulator.setLatency(0);
    expect(await sync().syncOnce()).toEqual({ inserted: 0, updated: 0 });
  });

  it('GET /v1/jotforms: the form title comes from JotForm, is kept by the sync, and 502s only when never read', async () => {
    const other = await createTestApp({ clock, deps: { formId: DEMO_FORM_ID, outside: { jotform: s.client } } });
    try {
      const h = await other.as('member');
      s.emulator.failNext(3, 503);
      const down = await other.request({ method: 'GET', url: '/v1/jotforms', headers: h });
      expect(down.statusCode).toBe(502);
      expect(down.json()).toEqual({ code: 'upstream_failed', message: 'Failed to fetch forms' });
      const errors = await other.database.db.select().from(systemLogs).where(eq(systemLogs.label, 'error'));
      expect(errors.map((l) => l.process)).toEqual(['JotForms']);

      const up = await other.request({ method: 'GET', url: '/v1/jotforms', headers: h });
      expect(up.json()).toEqual({ results: [{ id: DEMO_FORM_ID, title: 'Complaint Form - BTS', status: 'ENABLED', count: 0, lastSubmission: null, timeZone: 'America/New_York' }] });
      // Read once: JotForm being down later does not break the forms list.
      s.emulator.failNext(3, 503);
      expect((await other.request({ method: 'GET', url: '/v1/jotforms', headers: h })).statusCode).toBe(200);
      s.emulator.failNext(0, 200);
    } finally {
      await other.close();
    }
    const synced = await s.t.request({ method: 'GET', url: '/v1/jotforms', headers: s.headers });
    expect(synced.json().results[0]).toMatchObject({ title: 'Complaint Form - BTS', count: (await rows()).length });
  });
});

describe('JotForm sync: an unsteady JotForm page walk', () => {
  it('stores a submission JotForm lists twice in one pull (offsets shift when rows move) without failing', async () => {
    const base: JotformSubmissionLike = {
      id: '6010000000000000001',
      form_id: DEMO_FORM_ID,
      created_at: '2025-06-01 10:00:00',
      updated_at: null,
      answers: { [DEMO_QID.fullName]: { name: 'fullName', order: '3', text: 'Full Name', type: 'control_fullname', answer: { first: 'Dee', last: 'Duplicate' } } },
    };
    const edited: JotformSubmissionLike = { ...base, updated_at: '2025-06-01 11:00:00', answers: { [DEMO_QID.fullName]: { name: 'fullName', order: '3', text: 'Full Name', type: 'control_fullname', answer: { first: 'Dee', last: 'Edited' } } } };
    const second: JotformSubmissionLike = { ...base, id: '6010000000000000002', created_at: '2025-06-01 10:30:00' };
    const unused = createJotformClient({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY });
    const walk: JotformSource = {
      getForm: async () => ({ title: 'Complaint Form - BTS', status: 'ENABLED' }),
      iterateSubmissions: async function* () {
        yield base;
        yield second;
        yield edited;
      },
      getSubmission: async () => edited,
    };
    const source = { ...unused, ...walk };
    const inserted: string[][] = [];
    const t = await createTestApp({ deps: { formId: DEMO_FORM_ID, outside: { jotform: source } } });
    t.app.services.sync.onInserted(async (ids) => void inserted.push([...ids]));
    try {
      expect(await t.app.services.sync.syncOnce()).toEqual({ inserted: 2, updated: 0 });
      const stored = await t.database.db.select().from(submissions).orderBy(asc(submissions.id));
      expect(stored.map((r) => [r.id, r.submitter])).toEqual([
        ['6010000000000000001', 'Dee Edited'],
        ['6010000000000000002', 'Dee Duplicate'],
      ]);
      expect(inserted.flat().sort()).toEqual(['6010000000000000001', '6010000000000000002']);
    } finally {
      await t.close();
    }
  });
});
