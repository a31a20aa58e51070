import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_SORT_FIELDS, type Submission, type SubmissionRow, type SubmissionSortField } from '#shared/contract/submissions';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';
import { auditEvents, emailConfigs, mailOutbox, submissionDayCounts, submissions, systemLogs } from '../../db/schema/index.ts';
import { type Emulators, startEmulators } from '../../../../tests/support/emulators.ts';
import type { JotformEmulator } from '../../emulators/jotform/emulator.ts';
import { DEMO_FORM_ID, DEMO_QID, DEMO_WORKFLOW } from '../../emulators/jotform/fixtures.ts';
import { DEMO_ACTOR, applyDemoWorkflow } from '../../sandbox/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import { createSubmissionsRepo } from './submissions.repo.ts';

const PUBLIC_URL = 'https://quality.example.org';
const LIST = `/v1/jotforms/${DEMO_FORM_ID}`;
const EXPORT = `/v1/jotforms/${DEMO_FORM_ID}/exportSubmissionsCSV`;
const HEADER = 'Submission Date,Submitter Name,Form Status,BAD,Investigation Deadline,Reportable,CH-Number,CH-Title,Good Faith Efforts,Delivered';
/** The demo form's 34 submissions and the two added below. */
const TOTAL = 36;

type ListPage = { results: SubmissionRow[]; page: number; limit: number; totalPages: number; totalResults: number };
type Headers = Record<string, string>;

/**
 * Nulls first, false before true; text in the database's own collation (`textRank`, filled from
 * an ORDER BY over the distinct values, so the test holds on a C or an en_US database alike).
 */
const textRank = new Map<string, number>();
function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const [x, y] = [textRank.get(String(a)), textRank.get(String(b))];
  if (x !== undefined && y !== undefined) return x - y;
  return String(a) < String(b) ? -1 : 1;
}
function sortedIds(rows: SubmissionRow[], field: SubmissionSortField, order: 'asc' | 'desc'): string[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => sign * (compare(x[field], y[field]) || compare(x.id, y.id))).map((r) => r.id);
}
async function rankTexts(t: TestApp, rows: SubmissionRow[]): Promise<void> {
  const texts = [...new Set(rows.flatMap((r) => [r.submitter, r.chNumber, r.chTitle, r.followup, r.id]).filter((v): v is string => typeof v === 'string'))];
  const values = sql.join(
    texts.map((v) => sql`(${v})`),
    sql`, `,
  );
  // Both drivers (PGlite, node-postgres) answer a raw query with `rows`.
  const result = (await t.database.db.execute(sql`select v from (values ${values}) as t(v) order by v`)) as { rows: { v: string }[] };
  result.rows.forEach((r, i) => textRank.set(r.v, i));
}

/** An app synced from the emulators, with the demo workflow applied as sandbox mode applies it. */
async function syncedApp(clock: ReturnType<typeof fixedClock>, emu: Emulators): Promise<TestApp> {
  const t = await createTestApp({ clock, env: { PUBLIC_URL }, deps: emu.deps });
  t.app.services.sync.onInserted((ids) => applyDemoWorkflow({ services: t.app.services, arena: emu.arena.control }, ids));
  expect(await t.app.services.sync.syncOnce()).toEqual({ inserted: TOTAL, updated: 0 });
  return t;
}

describe('submissions API', () => {
  const clock = fixedClock('2025-06-15T16:00:00.000Z');
  let emu: Emulators;
  let emulator: JotformEmulator;
  let t: TestApp;
  let staff: { email: string; headers: Headers };
  let all: SubmissionRow[];

  const get = (url: string, headers: Headers = staff.headers) => t.request({ method: 'GET', url, headers });
  const patch = (url: string, payload?: unknown, headers: Headers = staff.headers) =>
    t.request({ method: 'PATCH', url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const list = async (query = ''): Promise<ListPage> => {
    const res = await get(`${LIST}${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListPage>();
  };
  /** Every row matching the query, over as many pages as it takes. */
  const everything = async (query: string): Promise<ListPage> => list(`limit=100${query ? `&${query}` : ''}`);
  const row = async (id: string) => (await t.database.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
  /** The submission's audit entries beyond the demo's own set-up. */
  const audits = (id: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'submission'), eq(auditEvents.entityId, id), ne(auditEvents.actorId, DEMO_ACTOR.id)))
      .orderBy(asc(auditEvents.id));
  const byStatus = (status: SubmissionRow['submissionStatus']) => all.filter((r) => r.submissionStatus === status);
  /**
   * A submission pending review that no other test uses; `clean`: not yet reportable, delivered or
   * followed up. Others take the used-looking ones first, so clean ones remain for who needs them.
   */
  const taken = new Set<string>();
  const fresh = (need: 'any' | 'clean' = 'any') => {
    const isClean = (x: SubmissionRow) => !x.reportable && !x.emailDelivered && !x.followup;
    const open = all.filter((x) => x.submissionStatus === 'Pending Review' && !taken.has(x.id));
    const r = need === 'clean' ? open.find(isClean) : (open.find((x) => !isClean(x)) ?? open[0]);
    if (!r) throw new Error('the fixture has too few submissions pending review');
    taken.add(r.id);
    return r;
  };
  async function signIn(role: 'staff' | 'member'): Promise<{ email: string; headers: Headers }> {
    const user = await t.createUser(role);
    const { access } = await t.login(user.email, user.password);
    return { email: user.email, headers: { authorization: `Bearer ${access}` } };
  }

  beforeAll(async () => {
    emu = await startEmulators({ clock });
    emulator = emu.jotform;
    // Two more submissions at the same second by the first demo reporter: ties on every sort key.
    await emulator.addSubmission({ [DEMO_QID.fullName]: { first: 'Alma', last: 'Reyes-Whitfield' } });
    await emulator.addSubmission({ [DEMO_QID.fullName]: { first: 'Alma', last: 'Reyes-Whitfield' } });
    t = await syncedApp(clock, emu);
    staff = await signIn('staff');
    all = (await everything('')).results;
    expect(all).toHaveLength(TOTAL);
    await rankTexts(t, all);
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  describe('GET /v1/jotforms', () => {
    it('lists the reviewed form with its title, status, count and newest submission', async () => {
      const res = await get('/v1/jotforms');
      expect(res.statusCode).toBe(200);
      const newest = [...all].sort((a, b) => compare(b.submissionDate, a.submissionDate))[0]!;
      expect(res.json()).toEqual({ results: [{ id: DEMO_FORM_ID, title: 'Complaint Form - BTS', status: 'ENABLED', count: TOTAL, lastSubmission: newest.submissionDate }] });
    });

    it('needs a signed-in user; every role may read', async () => {
      expect((await t.request({ method: 'GET', url: '/v1/jotforms' })).statusCode).toBe(401);
      expect((await get('/v1/jotforms', (await signIn('member')).headers)).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: LIST })).statusCode).toBe(401);
    });
  });

  describe('GET /v1/jotforms/:formId — paging and sorting', () => {
    it('defaults to page 1 of 10, newest submission first, without answers', async () => {
      const page = await list();
      expect(page).toMatchObject({ page: 1, limit: 10, totalResults: TOTAL, totalPages: 4 });
      expect(page.results.map((r) => r.id)).toEqual(sortedIds(all, 'submissionDate', 'desc').slice(0, 10));
      expect(page.results[0]).not.toHaveProperty('answers');
      expect(Object.keys(page.results[0]!).sort()).toEqual(
        [
          'id', 'submissionId', 'form_id', 'ip', 'created_at', 'updated_at', 'submissionDate', 'submitter', 'status', 'submissionStatus', 'new', 'flag', 'notes',
          'becomeAwareDate', 'investigationDeadline', 'reportable', 'chNumber', 'chTitle', 'followup', 'emailDelivered', 'transferError', 'denyReason',
        ].sort(),
      );
    });

    it('the data has ties on every sort field (so the id tie-break matters)', () => {
      for (const field of SUBMISSION_SORT_FIELDS) {
        const values = all.map((r) => r[field]);
        expect(new Set(values).size, field).toBeLessThan(values.length);
      }
    });

    for (const field of SUBMISSION_SORT_FIELDS) {
      for (const order of ['asc', 'desc'] as const) {
        it(`sorts by ${field}:${order}, ties by id, pages that never overlap`, async () => {
          const ids: string[] = [];
          for (let page = 1; page <= 6; page++) {
            const res = await list(`sortBy=${field}:${order}&limit=7&page=${page}`);
            expect(res).toMatchObject({ page, limit: 7, totalResults: TOTAL, totalPages: 6 });
            expect(res.results.length).toBe(page < 6 ? 7 : TOTAL - 35);
            ids.push(...res.results.map((r) => r.id));
          }
          expect(ids).toEqual(sortedIds(all, field, order));
        });
      }
    }

    it('answers an empty page past the end, with the totals', async () => {
      expect(await list('page=9&limit=5')).toEqual({ results: [], page: 9, limit: 5, totalPages: 8, totalResults: TOTAL });
    });
  });

  describe('GET /v1/jotforms/:formId — filters', () => {
    const ids = (rows: SubmissionRow[]) => rows.map((r) => r.id).sort();
    async function expectMatches(query: string, expected: SubmissionRow[]) {
      const page = await everything(query);
      expect(ids(page.results), query).toEqual(ids(expected));
      expect(page.totalResults, query).toBe(expected.length);
      expect(page.totalPages, query).toBe(Math.ceil(expected.length / 100));
      // The small-page total agrees too.
      expect((await list(`${query}&limit=3`)).totalResults, query).toBe(expected.length);
    }

    it('bad_gte and bad_lte select become-aware dates inclusively', async () => {
      const dates = [...new Set(all.map((r) => r.becomeAwareDate))].sort();
      const repeated = dates.find((d) => all.filter((r) => r.becomeAwareDate === d).length > 1)!;
      await expectMatches(`bad_gte=${repeated}&bad_lte=${repeated}`, all.filter((r) => r.becomeAwareDate === repeated));
      const [from, to] = [dates[3]!, dates[10]!];
      await expectMatches(`bad_gte=${from}&bad_lte=${to}`, all.filter((r) => r.becomeAwareDate >= from && r.becomeAwareDate <= to));
      await expectMatches(`bad_gte=${to}`, all.filter((r) => r.becomeAwareDate >= to));
      await expectMatches(`bad_lte=${from}`, all.filter((r) => r.becomeAwareDate <= from));
      await expectMatches(`bad_gte=${to}&bad_lte=${from}`, []);
      // Last 7 days, as the list screen asks for it.
      await expectMatches('bad_gte=2025-06-08&bad_lte=2025-06-15', all.filter((r) => r.becomeAwareDate >= '2025-06-08' && r.becomeAwareDate <= '2025-06-15'));
      expect((await everything('bad_gte=2025-06-08&bad_lte=2025-06-15')).totalResults).toBeGreaterThan(0);
    });

    it('search finds a submitter by any part of the name, in any case', async () => {
      const alma = all.filter((r) => r.submitter === 'Alma Reyes-Whitfield');
      expect(alma.length).toBeGreaterThanOrEqual(3);
      await expectMatches('search=REYES-whit', alma);
      await expectMatches('search=%20alma%20', alma);
      await expectMatches('search=eyes-W', alma);
    });

    it('search finds a CH number by part, and a submission by the start of its id only', async () => {
      const transferred = all.filter((r) => r.chNumber);
      const one = transferred[0]!;
      await expectMatches(`search=${one.chNumber!.toLowerCase()}`, [one]);
      await expectMatches('search=CH-0000', transferred);
      const target = all[5]!;
      await expectMatches(`search=${target.id}`, [target]);
      const prefix = target.id.slice(0, 16);
      await expectMatches(`search=${prefix}`, all.filter((r) => r.id.startsWith(prefix)));
      // The middle of an id is not a match.
      await expectMatches(`search=${target.id.slice(4)}`, []);
    });

    it('search treats LIKE wildcards as plain text', async () => {
      await expectMatches('search=%25', []);
      await expectMatches('search=_', []);
      await expectMatches('search=%5C', []);
      await expectMatches('search=A%25W', []);
    });

    it('status filters by workflow status, alone and with the other filters', async () => {
      for (const status of ['Pending Review', 'Pending Transfer', 'Successful Transfer', 'Denied', 'Transfer Error'] as const) {
        expect(byStatus(status).length, status).toBeGreaterThan(0);
        await expectMatches(`status=${encodeURIComponent(status)}`, byStatus(status));
      }
      const from = '2025-05-01';
      await expectMatches(`status=Pending%20Review&bad_gte=${from}&search=a`, all.filter((r) => r.submissionStatus === 'Pending Review' && r.becomeAwareDate >= from && /a/i.test(r.submitter)));
    });
  });

  describe('GET /v1/jotforms/:formId — bad input', () => {
    it.each([
      ['bad_gte=2024-13-01', 'bad_gte'],
      ['bad_lte=2024-02-30', 'bad_lte'],
      ['bad_gte=15-06-2025', 'bad_gte'],
      ['sortBy=nope:asc', 'sortBy'],
      ['sortBy=submitter', 'sortBy'],
      ['sortBy=submitter:up', 'sortBy'],
      ['sortBy=answers:asc', 'sortBy'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['page=0', 'page'],
      ['status=Archived', 'status'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ])('%s → 400 naming %s', async (query, field) => {
      const res = await get(`${LIST}?${query}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
      expect(body.message.length).toBeGreaterThan(0);
      expect(Object.keys(body.details ?? {})).toContain(field);
    });

    it('an unknown form is 404 with a message', async () => {
      const res = await get('/v1/jotforms/999999999999999');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: expect.stringContaining('999999999999999') });
    });
  });

  describe('GET /v1/jotforms/submission/:id', () => {
    it('answers the submission with its answers in question order', async () => {
      const target = all.find((r) => r.chNumber)!;
      const res = await get(`/v1/jotforms/submission/${target.id}`);
      expect(res.statusCode).toBe(200);
      const s = res.json<Submission>();
      const { answers, ...fields } = s;
      expect(fields).toEqual(target);
      const emu = emulator.state.submissions.get(target.id)!;
      expect(answers.map((a) => a.qid)).toEqual(Object.values(DEMO_QID));
      expect(answers.map((a) => a.order)).toEqual(answers.map((_, i) => i + 1));
      expect(answers.find((a) => a.qid === DEMO_QID.description)).toMatchObject({ type: 'control_textarea', text: 'Complaint Description', answer: emu.answers[DEMO_QID.description]!.answer });
      expect(answers.find((a) => a.qid === DEMO_QID.fullName)).toMatchObject({ type: 'control_fullname', prettyFormat: target.submitter });
      // Display-only controls come without an answer.
      for (const qid of [DEMO_QID.title, DEMO_QID.captcha, DEMO_QID.submit]) expect(answers.find((a) => a.qid === qid)).not.toHaveProperty('answer');
    });

    it('finds a submission by its CH number too', async () => {
      const target = all.find((r) => r.chNumber)!;
      const res = await get(`/v1/jotforms/submission/${target.chNumber}`);
      expect(res.json().id).toBe(target.id);
    });

    it('is 404 with a message for an unknown id', async () => {
      const res = await get('/v1/jotforms/submission/6000000000000000000');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Submission not found.' });
      expect((await t.request({ method: 'GET', url: `/v1/jotforms/submission/${all[0]!.id}` })).statusCode).toBe(401);
    });
  });

  describe('PATCH …/create-followup', () => {
    it('saves trimmed text, replaces the previous one and keeps every version in the audit trail', async () => {
      const target = fresh();
      const url = `/v1/jotforms/submission/${target.id}/create-followup`;
      const first = await patch(url, { followup: '  Called the reporter.  ' });
      expect(first.statusCode).toBe(200);
      expect(first.json().results).toMatchObject({ id: target.id, followup: 'Called the reporter.' });
      const second = await patch(url, { followup: 'Replacement shipped.' });
      expect(second.json().results.followup).toBe('Replacement shipped.');
      expect((await get(`/v1/jotforms/submission/${target.id}`)).json().followup).toBe('Replacement shipped.');

      const trail = await audits(target.id);
      expect(trail.map((e) => [e.action, e.actorEmail, e.before, e.after])).toEqual([
        ['followup', staff.email, { followup: target.followup }, { followup: 'Called the reporter.' }],
        ['followup', staff.email, { followup: 'Called the reporter.' }, { followup: 'Replacement shipped.' }],
      ]);
      const log = await t.database.db.select().from(systemLogs).orderBy(asc(systemLogs.id));
      expect(log.at(-1)).toMatchObject({ label: 'success', process: 'JotForms', description: expect.stringContaining(target.id) });
    });

    it('a double-submitted Save stores the follow-up once: concurrent or repeated identical text is one note', async () => {
      const target = fresh('clean');
      const url = `/v1/jotforms/submission/${target.id}/create-followup`;
      const answers = await Promise.all([patch(url, { followup: 'Left a voicemail.' }), patch(url, { followup: 'Left a voicemail. ' })]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(answers.map((a) => a.json().results.followup)).toEqual(['Left a voicemail.', 'Left a voicemail.']);
      expect((await patch(url, { followup: 'Left a voicemail.' })).statusCode).toBe(200);
      expect((await audits(target.id)).map((e) => [e.action, e.after])).toEqual([['followup', { followup: 'Left a voicemail.' }]]);
    });

    it('refuses blank, missing and over-long text with 400, and accepts exactly 5000 characters', async () => {
      const target = fresh('clean');
      const url = `/v1/jotforms/submission/${target.id}/create-followup`;
      for (const payload of [{ followup: '   \n ' }, { followup: '' }, {}, { followup: 'x'.repeat(5001) }, { followup: 42 }]) {
        const res = await patch(url, payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
      }
      expect((await row(target.id)).followup).toBeNull();
      expect(await audits(target.id)).toEqual([]);
      const longest = await patch(url, { followup: `  ${'y'.repeat(5000)}  ` });
      expect(longest.statusCode).toBe(200);
      expect(longest.json().results.followup).toHaveLength(5000);
    });

    it('is 404 for an unknown submission', async () => {
      const res = await patch('/v1/jotforms/submission/6000000000000000000/create-followup', { followup: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    });
  });

  describe('PATCH …/mark-reportable and …/mark-email-delivered', () => {
    it('mark-reportable takes {reportable: true}, once, and is idempotent after that', async () => {
      const target = fresh('clean');
      const url = `/v1/jotforms/submission/${target.id}/mark-reportable`;
      const res = await patch(url, { reportable: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toMatchObject({ id: target.id, reportable: true, emailDelivered: false });
      const again = await patch(url, { reportable: true });
      expect(again.statusCode).toBe(200);
      expect(again.json().results.reportable).toBe(true);
      // The body is otherwise ignored: an empty object is fine too.
      expect((await patch(url, {})).statusCode).toBe(200);
      expect((await audits(target.id)).map((e) => [e.action, e.actorEmail, e.before, e.after])).toEqual([['mark reportable', staff.email, { reportable: false }, { reportable: true }]]);
    });

    it('mark-reportable also takes {emailDelivered: true} (the list screen) and marks only reportable', async () => {
      const target = fresh('clean');
      const res = await patch(`/v1/jotforms/submission/${target.id}/mark-reportable`, { emailDelivered: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toMatchObject({ reportable: true, emailDelivered: false });
    });

    it('mark-reportable refuses to set false (one way) with 400, and 404s an unknown id', async () => {
      const target = fresh('clean');
      for (const payload of [{ reportable: false }, { emailDelivered: false }, { reportable: 'yes' }]) {
        const res = await patch(`/v1/jotforms/submission/${target.id}/mark-reportable`, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
      }
      expect((await row(target.id)).reportable).toBe(false);
      // Already reportable stays reportable: there is no way back.
      await patch(`/v1/jotforms/submission/${target.id}/mark-reportable`, { reportable: true });
      expect((await patch(`/v1/jotforms/submission/${target.id}/mark-reportable`, { reportable: false })).statusCode).toBe(400);
      expect((await row(target.id)).reportable).toBe(true);
      expect((await patch('/v1/jotforms/submission/6000000000000000000/mark-reportable', { reportable: true })).statusCode).toBe(404);
    });

    it('concurrent marks record the change once', async () => {
      const target = fresh('clean');
      for (const [path, payload, action] of [
        ['mark-reportable', { reportable: true }, 'mark reportable'],
        ['mark-email-delivered', { emailDelivered: true }, 'mark delivered'],
      ] as const) {
        const answers = await Promise.all([1, 2, 3].map(() => patch(`/v1/jotforms/submission/${target.id}/${path}`, payload)));
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
        expect((await audits(target.id)).filter((e) => e.action === action)).toHaveLength(1);
      }
      expect(await row(target.id)).toMatchObject({ reportable: true, emailDelivered: true });
    });

    it('mark-email-delivered takes {emailDelivered: true}, refuses false or nothing, and is idempotent', async () => {
      const target = fresh('clean');
      const url = `/v1/jotforms/submission/${target.id}/mark-email-delivered`;
      for (const payload of [{ emailDelivered: false }, {}, { reportable: true }]) expect((await patch(url, payload)).statusCode).toBe(400);
      expect((await row(target.id)).emailDelivered).toBe(false);
      const res = await patch(url, { emailDelivered: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toMatchObject({ emailDelivered: true, reportable: false });
      expect((await patch(url, { emailDelivered: true })).statusCode).toBe(200);
      expect((await audits(target.id)).map((e) => [e.action, e.before, e.after])).toEqual([['mark delivered', { emailDelivered: false }, { emailDelivered: true }]]);
      expect((await patch('/v1/jotforms/submission/6000000000000000000/mark-email-delivered', { emailDelivered: true })).statusCode).toBe(404);
    });
  });

  describe('PATCH …/review', () => {
    const review = (id: string, payload: unknown, headers?: Headers) => patch(`/v1/jotforms/submission/${id}/review`, payload, headers);

    it('approve moves Pending Review to Pending Transfer, audited', async () => {
      const target = fresh();
      const res = await review(target.id, { decision: 'approve' });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toMatchObject({ id: target.id, submissionStatus: 'Pending Transfer', denyReason: null });
      expect(await row(target.id)).toMatchObject({ reviewedBy: staff.email, reviewedAt: clock.now() });
      expect((await audits(target.id)).map((e) => [e.action, e.actorEmail, e.before, e.after])).toEqual([
        ['approve', staff.email, { submissionStatus: 'Pending Review' }, { submissionStatus: 'Pending Transfer' }],
      ]);
    });

    it('deny needs a reason (400 without one) and stores it', async () => {
      const target = fresh();
      for (const payload of [{ decision: 'deny' }, { decision: 'deny', reason: '   ' }, { decision: 'maybe' }, {}]) {
        const res = await review(target.id, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
      }
      expect((await row(target.id)).submissionStatus).toBe('Pending Review');
      const res = await review(target.id, { decision: 'deny', reason: '  Duplicate report.  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toMatchObject({ submissionStatus: 'Denied', denyReason: 'Duplicate report.' });
      expect((await audits(target.id)).map((e) => [e.action, e.before, e.after])).toEqual([
        ['deny', { submissionStatus: 'Pending Review' }, { submissionStatus: 'Denied', denyReason: 'Duplicate report.' }],
      ]);
    });

    it('an approval records no deny reason, even when one is sent', async () => {
      const target = fresh();
      const res = await review(target.id, { decision: 'approve', reason: 'Looks complete.' });
      expect(res.json().results).toMatchObject({ submissionStatus: 'Pending Transfer', denyReason: null });
      expect((await audits(target.id)).map((e) => e.after)).toEqual([{ submissionStatus: 'Pending Transfer' }]);
    });

    it('is 409 from any status but Pending Review, and changes nothing', async () => {
      for (const status of ['Pending Transfer', 'Successful Transfer', 'Denied', 'Transfer Error'] as const) {
        const target = byStatus(status).find((r) => DEMO_WORKFLOW[r.id]?.submissionStatus === status)!;
        for (const payload of [{ decision: 'approve' }, { decision: 'deny', reason: 'No.' }]) {
          const res = await review(target.id, payload);
          expect(res.statusCode, status).toBe(409);
          expect(res.json()).toEqual({ code: 'conflict', message: expect.stringContaining(status) });
        }
        expect((await row(target.id)).submissionStatus).toBe(status);
        expect(await audits(target.id)).toEqual([]);
      }
      expect((await review('6000000000000000000', { decision: 'approve' })).statusCode).toBe(404);
    });

    it('concurrent approve and deny: exactly one wins, the other is 409', async () => {
      for (let round = 0; round < 2; round++) {
        const target = fresh();
        const other = await signIn('staff');
        const [a, b] = await Promise.all([review(target.id, { decision: 'approve' }), review(target.id, { decision: 'deny', reason: 'Not a complaint.' }, other.headers)]);
        expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
        const winner = a.statusCode === 200 ? 'Pending Transfer' : 'Denied';
        expect((await row(target.id)).submissionStatus).toBe(winner);
        expect(await audits(target.id)).toHaveLength(1);
      }
    });
  });

  describe('list totals follow workflow changes', () => {
    it('keeps the per-day counts right after reviews change statuses', async () => {
      const totals = async () => {
        const out: Record<string, number> = {};
        for (const status of ['Pending Review', 'Pending Transfer', 'Denied'] as const) out[status] = (await list(`status=${encodeURIComponent(status)}&limit=1`)).totalResults;
        return out;
      };
      const target = fresh();
      const before = await totals();
      const day = `bad_gte=${target.becomeAwareDate}&bad_lte=${target.becomeAwareDate}`;
      const dayReview = (await list(`${day}&status=Pending%20Review`)).totalResults;
      const dayTransfer = (await list(`${day}&status=Pending%20Transfer`)).totalResults;

      expect((await patch(`/v1/jotforms/submission/${target.id}/review`, { decision: 'approve' })).statusCode).toBe(200);
      expect(await totals()).toEqual({ ...before, 'Pending Review': before['Pending Review']! - 1, 'Pending Transfer': before['Pending Transfer']! + 1 });
      expect((await list(`${day}&status=Pending%20Review`)).totalResults).toBe(dayReview - 1);
      expect((await list(`${day}&status=Pending%20Transfer`)).totalResults).toBe(dayTransfer + 1);
      expect((await list()).totalResults).toBe(TOTAL);
      // The same totals with a search, which counts rows instead of reading the per-day table.
      expect((await list('status=Pending%20Transfer&search=e')).totalResults).toBe((await everything('status=Pending%20Transfer')).results.filter((r) => /e/i.test(r.submitter)).length);
    });

    it('the per-day table equals a count over the rows after all the changes', async () => {
      const counted = await t.database.db
        .select({ day: submissions.becomeAwareDate, status: submissions.submissionStatus, n: sql<number>`count(*)`.mapWith(Number) })
        .from(submissions)
        .where(eq(submissions.formId, DEMO_FORM_ID))
        .groupBy(submissions.becomeAwareDate, submissions.submissionStatus);
      const kept = await t.database.db.select().from(submissionDayCounts).where(eq(submissionDayCounts.formId, DEMO_FORM_ID));
      const key = (day: string, status: string) => `${day} ${status}`;
      const expected = Object.fromEntries(counted.map((c) => [key(c.day, c.status), c.n]));
      const actual = Object.fromEntries(kept.filter((k) => k.n !== 0).map((k) => [key(k.becomeAwareDate, k.submissionStatus), k.n]));
      expect(actual).toEqual(expected);
    });
  });

  describe('POST …/send-email-recipient (outbox, no SMTP server)', () => {
    const send = (id: string, headers: Headers = staff.headers) => t.request({ method: 'POST', url: `/v1/jotforms/submission/${id}/send-email-recipient`, headers: { ...headers, 'content-type': 'application/json' } });

    it('is 409 with a message when no recipient is active', async () => {
      await t.database.db.insert(emailConfigs).values({ id: randomUUID(), email: 'inactive@example.org', active: false });
      const res = await send(all[0]!.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'conflict', message: expect.stringMatching(/recipient/i) });
      expect(await t.database.db.select().from(mailOutbox)).toEqual([]);
    });

    it('stores a mail to the active recipients with the identifiers, dates, status and link, and no free-text answer', async () => {
      await t.database.db.insert(emailConfigs).values([
        { id: randomUUID(), email: 'quality@example.org', active: true },
        { id: randomUUID(), email: 'lead@example.org', active: true },
      ]);
      const target = all.find((r) => r.submissionStatus === 'Successful Transfer' && r.followup)!;
      const res = await send(target.id);
      expect(res.statusCode).toBe(200);
      const [mail, ...more] = await t.database.db.select().from(mailOutbox);
      expect(more).toEqual([]);
      expect(res.json()).toEqual({ message: 'Email queued for the recipients', recipients: 2, mailId: mail!.id, status: 'stored' });
      expect(mail).toMatchObject({ status: 'stored', to: ['lead@example.org', 'quality@example.org'], error: null });
      expect(mail!.subject).toContain(target.id);
      for (const text of [target.id, target.submitter, target.created_at, target.becomeAwareDate, target.investigationDeadline, target.submissionStatus, target.chNumber!, `${PUBLIC_URL}/dashboard/jotforms/submission/${target.id}`]) {
        expect(mail!.text).toContain(text);
      }
      const emu = emulator.state.submissions.get(target.id)!;
      const answerText = (qid: string) => emu.answers[qid]!.answer as string;
      const address = emu.answers[DEMO_QID.address]!.answer as Record<string, string>;
      for (const secret of [answerText(DEMO_QID.description), answerText(DEMO_QID.email), answerText(DEMO_QID.product), address.addr_line1!]) {
        expect(secret.length).toBeGreaterThan(3);
        expect(`${mail!.subject}\n${mail!.text}`).not.toContain(secret);
      }
      expect(mail!.html).toBeNull();
      const log = await t.database.db.select().from(systemLogs).orderBy(asc(systemLogs.id));
      expect(log.at(-1)).toMatchObject({ label: 'success', process: 'JotForms' });
    });

    it('is 404 for an unknown submission', async () => {
      expect((await send('6000000000000000000')).statusCode).toBe(404);
    });
  });

  describe('GET …/exportSubmissionsCSV', () => {
    const csv = async (query = '', headers: Headers = staff.headers) => {
      const res = await get(`${EXPORT}${query ? `?${query}` : ''}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const lines = (body: string) => body.split('\r\n').slice(0, -1);

    it('sends every row (no paging) as submissions_export.csv, newest first', async () => {
      const res = await csv();
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="submissions_export.csv"');
      expect(res.body.endsWith('\r\n')).toBe(true);
      const [header, ...rows] = lines(res.body);
      expect(header).toBe(HEADER);
      const current = (await everything('')).results;
      expect(rows).toHaveLength(TOTAL);
      const newestFirst = sortedIds(current, 'submissionDate', 'desc').map((id) => current.find((r) => r.id === id)!);
      expect(rows.map((l) => l.slice(0, 19))).toEqual(newestFirst.map((r) => r.created_at));
    });

    it('walks every row in one pass, newest first with ties by id, and the filters apply', async () => {
      const repo = createSubmissionsRepo(t.database.db);
      const current = (await everything('')).results;
      const ids = async (f: Parameters<typeof repo.exportRows>[1]) => {
        const out: string[] = [];
        for await (const rows of repo.exportRows(DEMO_FORM_ID, f)) out.push(...rows.map((r) => r.created_at));
        return out;
      };
      expect(await ids({})).toEqual(sortedIds(current, 'submissionDate', 'desc').map((id) => current.find((r) => r.id === id)!.created_at));
      const denied = current.filter((r) => r.submissionStatus === 'Denied');
      expect(await ids({ status: 'Denied' })).toEqual(sortedIds(denied, 'submissionDate', 'desc').map((id) => denied.find((r) => r.id === id)!.created_at));
    });

    it('an export abandoned half-way gives its connection back', async () => {
      const repo = createSubmissionsRepo(t.database.db);
      for (let i = 0; i < 8; i++) {
        for await (const _rows of repo.exportRows(DEMO_FORM_ID, {})) break;
      }
      // The pool holds at most five connections: eight leaked ones would leave this query waiting.
      expect((await everything('status=Denied')).results.length).toBeGreaterThan(0);
    });

    it('writes a transferred row with every column as the list shows it', async () => {
      const target = all.find((r) => r.submissionStatus === 'Successful Transfer' && r.reportable && r.emailDelivered && r.followup && !/[",\n]/.test(`${r.submitter}${r.chTitle}${r.followup}`))!;
      const current = (await get(`/v1/jotforms/submission/${target.id}`)).json<SubmissionRow>();
      const line = lines((await csv(`search=${target.id}`)).body)[1];
      expect(line).toBe(
        [current.created_at, current.submitter, 'Successful Transfer', current.becomeAwareDate, current.investigationDeadline, 'Yes', current.chNumber, current.chTitle, current.followup, 'Yes'].join(','),
      );
    });

    it('applies the same filters as the list', async () => {
      for (const query of ['status=Denied', `bad_gte=2025-05-20&bad_lte=2025-06-10`, 'search=reyes', 'status=Pending%20Review&bad_gte=2025-06-01']) {
        const listed = (await everything(query)).results;
        const rows = lines((await csv(query)).body).slice(1);
        expect(rows.length, query).toBe(listed.length);
        expect(rows.map((l) => l.slice(0, 19)).sort(), query).toEqual(listed.map((r) => r.created_at).sort());
      }
      expect(lines((await csv('bad_gte=2030-01-01')).body)).toEqual([HEADER]);
    });

    it('answers {results: csv} when JSON is asked for', async () => {
      const text = (await csv('status=Denied')).body;
      const res = await get(`${EXPORT}?status=Denied`, { ...staff.headers, accept: 'application/json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ results: text });
    });

    it('refuses bad filters with 400 and an unknown form with 404; any role may export', async () => {
      expect((await get(`${EXPORT}?bad_gte=2024-13-01`)).statusCode).toBe(400);
      expect((await get(`${EXPORT}?status=Nope`)).json()).toMatchObject({ code: 'validation_failed' });
      const unknown = await get('/v1/jotforms/999999999999999/exportSubmissionsCSV');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'not_found', message: expect.any(String) });
      expect((await csv('', (await signIn('member')).headers)).body.startsWith(HEADER)).toBe(true);
      expect((await t.request({ method: 'GET', url: EXPORT })).statusCode).toBe(401);
    });
  });
});

