import { describe, expect, it } from 'vitest';
import { SUBMISSION_SORT_FIELDS, type SubmissionRow } from '#shared/contract/submissions';
import { DEMO_FORM_ID } from '../../emulators/jotform/fixtures.ts';
import { LIST, TOTAL, syncedSubmissions } from './submissions.test-support.ts';

describe('submissions API — list, paging, sorting and filters', () => {
  const s = syncedSubmissions();
  const { get, list, everything, byStatus, signIn, compare, sortedIds } = s;

  describe('GET /v1/jotforms', () => {
    it('lists the reviewed form with its title, status, count and newest submission', async () => {
      const res = await get('/v1/jotforms');
      expect(res.statusCode).toBe(200);
      const newest = [...s.all].sort((a, b) => compare(b.submissionDate, a.submissionDate))[0]!;
      expect(res.json()).toEqual({ results: [{ id: DEMO_FORM_ID, title: 'Complaint Form - BTS', status: 'ENABLED', count: TOTAL, lastSubmission: newest.submissionDate, timeZone: 'America/New_York' }] });
    });

    it('needs a signed-in user; every role may read', async () => {
      expect((await s.t.request({ method: 'GET', url: '/v1/jotforms' })).statusCode).toBe(401);
      expect((await get('/v1/jotforms', (await signIn('member')).headers)).statusCode).toBe(200);
      expect((await s.t.request({ method: 'GET', url: LIST })).statusCode).toBe(401);
    });
  });

  describe('GET /v1/jotforms/:formId — paging and sorting', () => {
    it('defaults to page 1 of 10, newest submission first, without answers', async () => {
      const page = await list();
      expect(page).toMatchObject({ page: 1, limit: 10, totalResults: TOTAL, totalPages: 4 });
      expect(page.results.map((r) => r.id)).toEqual(sortedIds(s.all, 'submissionDate', 'desc').slice(0, 10));
      expect(page.results[0]).not.toHaveProperty('answers');
      expect(Object.keys(page.results[0]!).sort()).toEqual(
        [
          'id', 'submissionId', 'form_id', 'ip', 'created_at', 'updated_at', 'submissionDate', 'submitter', 'status', 'submissionStatus', 'new', 'flag', 'notes',
          'becomeAwareDate', 'investigationDeadline', 'reportable', 'chNumber', 'chTitle', 'followup', 'emailDelivered', 'transferError', 'denyReason',
          'rationaleMissing', 'opened', 'followupAttempts',
          // The complaint file's fields beside the list's ten columns.
          'reportingClocks', 'reportingDue', 'clock', 'decision',
          // Who owns it, and whether it is closed.
          'owner', 'closed', 'potentialReportable',
          // The complaint fields read from the form (docs/features/coding.md).
          'product', 'model', 'lot', 'udi',
        ].sort(),
      );
    });

    it('the data has ties on every sort field (so the id tie-break matters)', () => {
      for (const field of SUBMISSION_SORT_FIELDS) {
        const values = s.all.map((r) => r[field]);
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
          expect(ids).toEqual(sortedIds(s.all, field, order));
        });
      }
    }

    it('replies with an empty page past the end, with the totals', async () => {
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
      const dates = [...new Set(s.all.map((r) => r.becomeAwareDate))].sort();
      const repeated = dates.find((d) => s.all.filter((r) => r.becomeAwareDate === d).length > 1)!;
      await expectMatches(`bad_gte=${repeated}&bad_lte=${repeated}`, s.all.filter((r) => r.becomeAwareDate === repeated));
      const [from, to] = [dates[3]!, dates[10]!];
      await expectMatches(`bad_gte=${from}&bad_lte=${to}`, s.all.filter((r) => r.becomeAwareDate >= from && r.becomeAwareDate <= to));
      await expectMatches(`bad_gte=${to}`, s.all.filter((r) => r.becomeAwareDate >= to));
      await expectMatches(`bad_lte=${from}`, s.all.filter((r) => r.becomeAwareDate <= from));
      await expectMatches(`bad_gte=${to}&bad_lte=${from}`, []);
      // Last 7 days, as the list screen asks for it.
      await expectMatches('bad_gte=2025-06-08&bad_lte=2025-06-15', s.all.filter((r) => r.becomeAwareDate >= '2025-06-08' && r.becomeAwareDate <= '2025-06-15'));
      expect((await everything('bad_gte=2025-06-08&bad_lte=2025-06-15')).totalResults).toBeGreaterThan(0);
    });

    it('search finds a submitter by any part of the name, in any case', async () => {
      const alma = s.all.filter((r) => r.submitter === 'Alma Reyes-Whitfield');
      expect(alma.length).toBeGreaterThanOrEqual(3);
      await expectMatches('search=REYES-whit', alma);
      await expectMatches('search=%20alma%20', alma);
      await expectMatches('search=eyes-W', alma);
    });

    it('search finds a CH number by part, and a submission by the start of its id only', async () => {
      const transferred = s.all.filter((r) => r.chNumber);
      const one = transferred[0]!;
      await expectMatches(`search=${one.chNumber!.toLowerCase()}`, [one]);
      await expectMatches('search=CH-0000', transferred);
      const target = s.all[5]!;
      await expectMatches(`search=${target.id}`, [target]);
      const prefix = target.id.slice(0, 16);
      await expectMatches(`search=${prefix}`, s.all.filter((r) => r.id.startsWith(prefix)));
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
      await expectMatches(`status=Pending%20Review&bad_gte=${from}&search=a`, s.all.filter((r) => r.submissionStatus === 'Pending Review' && r.becomeAwareDate >= from && /a/i.test(r.submitter)));
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
});
