import { gunzipSync } from 'node:zlib';
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SUBMISSION_SORT_FIELDS, SubmissionFilters, type SubmissionRow } from '#shared/contract/submissions';
import { auditEvents } from '../../db/schema/index.ts';
import { DEMO_FORM_ID } from '../../emulators/jotform/fixtures.ts';
import { createSubmissionListRepo } from './list.repo.ts';
import { EXPORT, type Headers, TOTAL, syncedSubmissions } from './submissions.test-support.ts';

const HEADER = 'Submission Date,Submitter Name,Form Status,BAD,Investigation Deadline,Reportable,CH-Number,CH-Title,Good Faith Efforts,Delivered';

describe('submissions API — CSV export', () => {
  const s = syncedSubmissions();
  const { get, everything, signIn, sortedIds } = s;

  describe('GET …/exportSubmissionsCSV', () => {
    const csv = async (query = '', headers: Headers = s.staff.headers) => {
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

    it('streams the file gzip-compressed to a browser that accepts it: the same download', async () => {
      const plain = await csv();
      expect(plain.headers['content-encoding']).toBeUndefined();
      const gzip = await csv('', { ...s.staff.headers, 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers['content-type']).toMatch(/^text\/csv/);
      expect(gzip.headers['content-disposition']).toBe('attachment; filename="submissions_export.csv"');
      expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    });

    it('walks every row in one pass, newest first with ties by id, and the filters apply', async () => {
      const repo = createSubmissionListRepo(s.t.database.db);
      const current = (await everything('')).results;
      const dates = async (f: Parameters<typeof repo.exportRows>[1]) => {
        const out: string[] = [];
        for await (const rows of repo.exportRows(DEMO_FORM_ID, f, '2025-06-15')) out.push(...rows.map((r) => r.created_at));
        return out;
      };
      const dated = (rows: SubmissionRow[]) => sortedIds(rows, 'submissionDate', 'desc').map((id) => rows.find((r) => r.id === id)!.created_at);
      expect(await dates({})).toEqual(dated(current));
      expect(await dates({ status: 'Denied' })).toEqual(dated(current.filter((r) => r.submissionStatus === 'Denied')));
    });

    it('exports with 200 under every filter value the web app offers, each alone, and in every order; each file is recorded once', async () => {
      const exported = async () => (await s.t.database.db.select({ n: count() }).from(auditEvents).where(and(eq(auditEvents.entity, 'form'), eq(auditEvents.action, 'exported'))))[0]!.n;
      const owner = await signIn('staff');
      // The web app's choices come from these enums; the values typed or picked by hand are listed here.
      const ownerId = (await s.t.request({ method: 'GET', url: '/v1/users?limit=100', headers: await s.t.as('admin') })).json<{ results: { id: string; email: string }[] }>().results.find((u) => u.email === owner.email)!.id;
      const typed: Record<string, string[]> = { bad_gte: ['2025-06-01'], bad_lte: ['2025-06-01'], search: ['reyes', 'CH-'], owner: ['me', 'none', ownerId], product: ['Infusion pump'], model: ['X-200'], lot: ['L-1'], udi: ['(01)0'] };
      const queries = Object.entries(SubmissionFilters.shape).flatMap(([key, schema]) => {
        const inner = schema.unwrap();
        const values = inner instanceof z.ZodEnum ? (inner.options as string[]) : typed[key];
        if (!values) throw new Error(`the test has no values for the filter ${key}`);
        return values.map((value) => new URLSearchParams({ [key]: value }).toString());
      });
      queries.push(...SUBMISSION_SORT_FIELDS.flatMap((field) => [`sortBy=${field}:asc`, `sortBy=${field}:desc`]));
      const before = await exported();
      for (const query of queries) {
        const res = await get(`${EXPORT}?${query}`);
        expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
        const listed = (await everything(query)).results;
        expect(lines(res.body).length - 1, query).toBe(listed.length);
      }
      expect(await exported()).toBe(before + queries.length);
    });

    it('an export whose query fails replies with an error and leaves no `exported` entry; the next one runs', async () => {
      const exported = async () => (await s.t.database.db.select({ n: count() }).from(auditEvents).where(and(eq(auditEvents.entity, 'form'), eq(auditEvents.action, 'exported'))))[0]!.n;
      const before = await exported();
      const owner = s.t.database.owner.db;
      // The file's query reads this column; the count before it does not.
      await owner.execute(sql`alter table submissions rename column followup to followup_gone`);
      try {
        for (let i = 0; i < 6; i++) expect((await get(EXPORT)).statusCode).toBe(500);
      } finally {
        await owner.execute(sql`alter table submissions rename column followup_gone to followup`);
      }
      expect(await exported()).toBe(before);
      expect((await get(EXPORT)).statusCode).toBe(200);
      expect(await exported()).toBe(before + 1);
    });

    it('an export abandoned half-way gives its connection back', async () => {
      const repo = createSubmissionListRepo(s.t.database.db);
      for (let i = 0; i < 8; i++) {
        for await (const _rows of repo.exportRows(DEMO_FORM_ID, {}, '2025-06-15')) break;
      }
      // The pool holds at most five connections: eight leaked ones would leave this query waiting.
      expect((await everything('status=Denied')).results.length).toBeGreaterThan(0);
    });

    // A semicolon splits a cell where it is the list separator: such a cell is quoted.
    const semicolonQuoted = (text: string) => (text.includes(';') ? `"${text}"` : text);
    it('writes a transferred row with every column as the list shows it', async () => {
      const target = s.all.find((r) => r.submissionStatus === 'Successful Transfer' && r.reportable && r.emailDelivered && r.followup && !/[",\n]/.test(`${r.submitter}${r.chTitle}${r.followup}`))!;
      const current = (await get(`/v1/jotforms/submission/${target.id}`)).json<SubmissionRow>();
      const line = lines((await csv(`search=${target.id}`)).body)[1];
      expect(line).toBe(
        [current.created_at, current.submitter, 'Successful Transfer', current.becomeAwareDate, current.investigationDeadline, 'Yes', current.chNumber, current.chTitle, semicolonQuoted(current.followup!), 'Yes'].join(','),
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

    it('follows the list’s sortBy, with the filters, so the file matches the screen', async () => {
      for (const query of ['sortBy=submitter:asc', 'sortBy=becomeAwareDate:asc', 'sortBy=chNumber:desc&status=Successful%20Transfer', 'sortBy=submitter:desc&search=a']) {
        const listed = (await everything(query)).results;
        const rows = lines((await csv(query)).body).slice(1);
        expect(rows.map((l) => l.slice(0, 19)), query).toEqual(listed.map((r) => r.created_at));
        expect(rows.length, query).toBeGreaterThan(1);
      }
      const ascending = lines((await csv('sortBy=submissionDate:asc')).body).slice(1);
      expect(ascending).toEqual(lines((await csv()).body).slice(1).reverse());
      expect((await get(`${EXPORT}?sortBy=password:asc`)).json()).toMatchObject({ code: 'validation_failed' });
    });

    it('replies {results: csv} when JSON is asked for', async () => {
      const text = (await csv('status=Denied')).body;
      const res = await get(`${EXPORT}?status=Denied`, { ...s.staff.headers, accept: 'application/json' });
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
      expect((await s.t.request({ method: 'GET', url: EXPORT })).statusCode).toBe(401);
    });
  });
});
