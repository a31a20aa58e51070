import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { submissionDayCounts, submissions } from '../../db/schema/index.ts';
import { DEMO_FORM_ID, DEMO_WORKFLOW } from '../../emulators/jotform/fixtures.ts';
import type { SubmissionRow } from '#shared/contract/submissions';
import { signature } from '../../../../tests/support/signing.ts';
import { type Headers, TOTAL, syncedSubmissions } from './submissions.test-support.ts';

describe('submissions API — review', () => {
  const s = syncedSubmissions();
  const { patch, list, everything, row, audits, byStatus, fresh, signIn } = s;

  describe('PATCH …/review', () => {
    const review = (id: string, payload: unknown, headers?: Headers) => patch(`/v1/jotforms/submission/${id}/review`, payload, headers);

    it('approve moves a decided submission from Pending Review to Pending Transfer, audited', async () => {
      const target = fresh((x) => x.decision !== 'undecided');
      const res = await review(target.id, { decision: 'approve' });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toMatchObject({ id: target.id, submissionStatus: 'Pending Transfer', denyReason: null, rationaleMissing: target.rationaleMissing });
      expect(await row(target.id)).toMatchObject({ reviewedBy: s.staff.email, reviewedAt: s.clock.now() });
      expect((await audits(target.id)).map((e) => [e.action, e.actorEmail, e.before, e.after])).toEqual([
        ['approve', s.staff.email, { submissionStatus: 'Pending Review' }, { submissionStatus: 'Pending Transfer' }],
      ]);
    });

    it('an undecided submission is approved only with its decision left for later, which lists it among the decisions missing a rationale', async () => {
      const target = fresh((x) => x.decision === 'undecided');
      const refused = await review(target.id, { decision: 'approve' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'conflict', message: 'Approving sends the submission towards Arena: assess its reportability first, or approve it and decide later.' });
      expect(await audits(target.id)).toEqual([]);

      const res = await review(target.id, { decision: 'approve', decideLater: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toMatchObject({ submissionStatus: 'Pending Transfer', decision: 'undecided', rationaleMissing: true });
      expect((await audits(target.id)).map((e) => e.after)).toEqual([{ submissionStatus: 'Pending Transfer', decideLater: true }]);
      expect((await everything('rationale=missing')).results.map((r) => r.id)).toContain(target.id);
      // A decision with its rationale takes it off the list.
      const payload = { decision: 'not_reportable', rationale: 'A billing question; no device involved.', signature: await signature((o) => s.t.request(o), s.staff.headers, 'Reportability decided') };
      const decided = await s.t.request({ method: 'PUT', url: `/v1/jotforms/submission/${target.id}/reportability`, headers: s.staff.headers, payload });
      expect(decided.statusCode, decided.body).toBe(200);
      expect((await everything('rationale=missing')).results.map((r) => r.id)).not.toContain(target.id);
    });

    /** A submission pending review marked reportable from the list (a decision without rationale), its audit entries cleared from view. */
    async function markedReportable(need: (x: SubmissionRow) => boolean = () => true) {
      const target = fresh((x) => x.decision === 'undecided' && need(x));
      expect((await patch(`/v1/jotforms/submission/${target.id}/mark-reportable`, { emailDelivered: true })).statusCode).toBe(200);
      const marked = (await audits(target.id)).length;
      return { target, since: async () => (await audits(target.id)).slice(marked) };
    }

    it('deny needs a reason (400 without one) and stores it', async () => {
      const { target, since } = await markedReportable();
      for (const payload of [{ decision: 'deny' }, { decision: 'deny', reason: '   ' }, { decision: 'maybe' }, {}]) {
        const res = await review(target.id, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
      }
      expect((await row(target.id)).submissionStatus).toBe('Pending Review');
      const res = await review(target.id, { decision: 'deny', reason: '  Duplicate report.  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toMatchObject({ submissionStatus: 'Denied', denyReason: 'Duplicate report.' });
      expect((await since()).map((e) => [e.action, e.before, e.after])).toEqual([
        ['deny', { submissionStatus: 'Pending Review' }, { submissionStatus: 'Denied', denyReason: 'Duplicate report.' }],
      ]);
    });

    it('an approval records no deny reason, even when one is sent', async () => {
      const target = fresh();
      const res = await review(target.id, { decision: 'approve', reason: 'Looks complete.', decideLater: true });
      expect(res.json().results).toMatchObject({ submissionStatus: 'Pending Transfer', denyReason: null });
      expect((await audits(target.id)).map((e) => e.after)).toEqual([{ submissionStatus: 'Pending Transfer', ...(target.decision === 'undecided' ? { decideLater: true } : {}) }]);
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
        const [a, b] = await Promise.all([review(target.id, { decision: 'approve', decideLater: true }), review(target.id, { decision: 'deny', reason: 'Not a complaint.', notReportable: true }, other.headers)]);
        expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
        const winner = a.statusCode === 200 ? 'Pending Transfer' : 'Denied';
        expect((await row(target.id)).submissionStatus).toBe(winner);
        expect((await audits(target.id)).map((e) => e.action)).toEqual(winner === 'Denied' ? ['decide reportability', 'deny'] : ['approve']);
      }
    });

    it('an undecided submission is denied only with its outcome: 409 without one, changing nothing', async () => {
      const target = fresh((x) => x.decision === 'undecided');
      const res = await review(target.id, { decision: 'deny', reason: 'Withdrawn by phone.' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'conflict', message: 'Denying closes the reporting clocks: record the reportability decision first, or deny it as not reportable with the reason as rationale.' });
      // Too short to be the rationale: 400.
      expect((await review(target.id, { decision: 'deny', reason: 'Spam', notReportable: true })).statusCode).toBe(400);
      expect(await row(target.id)).toMatchObject({ submissionStatus: 'Pending Review', reportingDecision: null });
      expect(await audits(target.id)).toEqual([]);
    });

    it('denied as not reportable: the reason is the decision’s rationale, and the clocks close', async () => {
      const target = fresh((x) => x.decision === 'undecided' && x.reportingDue !== null);
      const res = await review(target.id, { decision: 'deny', reason: 'Withdrawn by phone, duplicate of an earlier report.', notReportable: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toMatchObject({ submissionStatus: 'Denied', decision: 'not_reportable', clock: 'none', reportingDue: null, reportingClocks: [] });
      expect(await row(target.id)).toMatchObject({ reportingDecision: 'not_reportable', reportingDue: null });
      const reportability = (await s.get(`/v1/jotforms/submission/${target.id}/reportability`)).json();
      expect(reportability.current).toMatchObject({ decision: 'not_reportable', rationale: 'Withdrawn by phone, duplicate of an earlier report.', decidedBy: { email: s.staff.email } });
      expect((await audits(target.id)).map((e) => e.action)).toEqual(['decide reportability', 'deny']);
    });

    it('a reportable submission denied: its clocks close, and the clock filters leave it out', async () => {
      const { target } = await markedReportable((x) => x.clock === 'overdue');
      expect((await everything('clock=overdue')).results.map((r) => r.id)).toContain(target.id);
      const res = await review(target.id, { decision: 'deny', reason: 'Duplicate.' });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toMatchObject({ submissionStatus: 'Denied', decision: 'reportable', clock: 'none', reportingDue: null });
      for (const clock of ['overdue', 'due_soon', 'open', 'due_within_7_days']) expect((await everything(`clock=${clock}`)).results.map((r) => r.id), clock).not.toContain(target.id);
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

      expect((await patch(`/v1/jotforms/submission/${target.id}/review`, { decision: 'approve', decideLater: true })).statusCode).toBe(200);
      expect(await totals()).toEqual({ ...before, 'Pending Review': before['Pending Review']! - 1, 'Pending Transfer': before['Pending Transfer']! + 1 });
      expect((await list(`${day}&status=Pending%20Review`)).totalResults).toBe(dayReview - 1);
      expect((await list(`${day}&status=Pending%20Transfer`)).totalResults).toBe(dayTransfer + 1);
      expect((await list()).totalResults).toBe(TOTAL);
      // The same totals with a search, which counts rows instead of reading the per-day table.
      expect((await list('status=Pending%20Transfer&search=e')).totalResults).toBe((await everything('status=Pending%20Transfer')).results.filter((r) => /e/i.test(r.submitter)).length);
    });

    it('the per-day table equals a count over the rows after all the changes', async () => {
      const counted = await s.t.database.db
        .select({ day: submissions.becomeAwareDate, status: submissions.submissionStatus, n: sql<number>`count(*)`.mapWith(Number) })
        .from(submissions)
        .where(eq(submissions.formId, DEMO_FORM_ID))
        .groupBy(submissions.becomeAwareDate, submissions.submissionStatus);
      const kept = await s.t.database.db.select().from(submissionDayCounts).where(eq(submissionDayCounts.formId, DEMO_FORM_ID));
      const key = (day: string, status: string) => `${day} ${status}`;
      const expected = Object.fromEntries(counted.map((c) => [key(c.day, c.status), c.n]));
      const actual = Object.fromEntries(kept.filter((k) => k.n !== 0).map((k) => [key(k.becomeAwareDate, k.submissionStatus), k.n]));
      expect(actual).toEqual(expected);
    });
  });
});
