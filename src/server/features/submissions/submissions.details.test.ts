import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Submission } from '#shared/contract/submissions';
import { emailConfigs, mailOutbox, submissions, systemLogs } from '../../db/schema/index.ts';
import { DEMO_QID } from '../../emulators/jotform/fixtures.ts';
import { type Headers, PUBLIC_URL, syncedSubmissions } from './submissions.test-support.ts';

describe('submissions API — one submission: details, follow-up, marks and mail', () => {
  const s = syncedSubmissions();
  const { get, patch, row, audits, fresh } = s;
  /** The system log's follow-up lines about one submission, oldest first. */
  const followupLogLines = async (id: string) =>
    (await s.t.database.db.select().from(systemLogs).orderBy(asc(systemLogs.id)))
      .filter((l) => l.description.startsWith('Follow-up saved for submission ') && l.description.includes(id))
      .map(({ label, process, description }) => ({ label, process, description }));

  describe('GET /v1/jotforms/submission/:id', () => {
    it('answers the submission with its answers in question order', async () => {
      const target = s.all.find((r) => r.chNumber)!;
      const res = await get(`/v1/jotforms/submission/${target.id}`);
      expect(res.statusCode).toBe(200);
      const { answers, ...fields } = res.json<Submission>();
      // As listed, but opened now: by the one reading it.
      expect(target.opened).toBe(false);
      expect(fields).toEqual({ ...target, opened: true });
      expect((await s.everything(`search=${target.id}`)).results.find((r) => r.id === target.id)?.opened).toBe(true);
      const emu = s.emulator.state.submissions.get(target.id)!;
      expect(answers.map((a) => a.qid)).toEqual(Object.values(DEMO_QID));
      expect(answers.map((a) => a.order)).toEqual(answers.map((_, i) => i + 1));
      expect(answers.find((a) => a.qid === DEMO_QID.description)).toMatchObject({ type: 'control_textarea', text: 'Complaint Description', answer: emu.answers[DEMO_QID.description]!.answer });
      expect(answers.find((a) => a.qid === DEMO_QID.fullName)).toMatchObject({ type: 'control_fullname', prettyFormat: target.submitter });
      // Display-only controls come without an answer.
      for (const qid of [DEMO_QID.title, DEMO_QID.captcha, DEMO_QID.submit]) expect(answers.find((a) => a.qid === qid)).not.toHaveProperty('answer');
    });

    it('finds a submission by its CH number too', async () => {
      const target = s.all.find((r) => r.chNumber)!;
      const res = await get(`/v1/jotforms/submission/${target.chNumber}`);
      expect(res.json().id).toBe(target.id);
    });

    it('is 404 with a message for an unknown id', async () => {
      const res = await get('/v1/jotforms/submission/6000000000000000000');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'not_found', message: 'Submission not found.' });
      expect((await s.t.request({ method: 'GET', url: `/v1/jotforms/submission/${s.all[0]!.id}` })).statusCode).toBe(401);
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
        ['followup', s.staff.email, { followup: target.followup }, { followup: 'Called the reporter.' }],
        ['followup', s.staff.email, { followup: 'Called the reporter.' }, { followup: 'Replacement shipped.' }],
      ]);
      // One success line per save, written with it (decision 036).
      const lines = await followupLogLines(target.id);
      expect(lines).toEqual([
        { label: 'success', process: 'JotForms', description: `Follow-up saved for submission ${target.id} by ${s.staff.email}` },
        { label: 'success', process: 'JotForms', description: `Follow-up saved for submission ${target.id} by ${s.staff.email}` },
      ]);
    });

    it('replies with the submission as the list shows it, with the new text: every field, its dates, regimes and reports included', async () => {
      const target = fresh();
      // A decided submission with a report filed: an array and a JSON column in the reply too.
      await s.t.database.db
        .update(submissions)
        .set({ reportingDecision: 'reportable', reportingCategory: 'death_or_serious_deterioration', reportingRegimes: ['US_MDR', 'EU_MDR'], reportingReports: { US_MDR: '2025-06-12' } })
        .where(eq(submissions.id, target.id));
      const listed = (await s.everything(`search=${encodeURIComponent(target.submitter)}`)).results.find((r) => r.id === target.id)!;
      expect(listed.reportingClocks.map((c) => [c.regime, c.reportedOn])).toEqual([['US_MDR', '2025-06-12'], ['EU_MDR', null]]);
      const res = await patch(`/v1/jotforms/submission/${target.id}/create-followup`, { followup: 'Device collected for analysis.' });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toEqual({ ...listed, followup: 'Device collected for analysis.', followupAttempts: listed.followupAttempts + 1 });
      // Through the CH number (the other statement) as well.
      const transferred = s.all.find((r) => r.chNumber)!;
      const before = (await get(`/v1/jotforms/submission/${transferred.id}`)).json<Submission>();
      const byCh = await patch(`/v1/jotforms/submission/${transferred.chNumber}/create-followup`, { followup: 'Closed with the reporter.' });
      const { answers: _answers, ...fields } = before;
      expect(byCh.json().results).toEqual({ ...fields, followup: 'Closed with the reporter.', followupAttempts: fields.followupAttempts + 1 });
    });

    it('a double-submitted Save stores the follow-up once: concurrent or repeated identical text is one note', async () => {
      const target = fresh('clean');
      const url = `/v1/jotforms/submission/${target.id}/create-followup`;
      const replies = await Promise.all([patch(url, { followup: 'Left a voicemail.' }), patch(url, { followup: 'Left a voicemail. ' })]);
      expect(replies.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(replies.map((a) => a.json().results.followup)).toEqual(['Left a voicemail.', 'Left a voicemail.']);
      expect((await patch(url, { followup: 'Left a voicemail.' })).statusCode).toBe(200);
      expect((await audits(target.id)).map((e) => [e.action, e.after])).toEqual([['followup', { followup: 'Left a voicemail.' }]]);
      expect(await followupLogLines(target.id)).toHaveLength(1);
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

    it('saves through the CH number too, on the submission that has it', async () => {
      const target = s.all.find((r) => r.chNumber)!;
      const res = await patch(`/v1/jotforms/submission/${target.chNumber}/create-followup`, { followup: 'Quality process opened; reporter informed.' });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toMatchObject({ id: target.id, followup: 'Quality process opened; reporter informed.' });
      expect((await get(`/v1/jotforms/submission/${target.id}`)).json().followup).toBe('Quality process opened; reporter informed.');
      expect((await audits(target.id)).at(-1)).toMatchObject({ action: 'followup', after: { followup: 'Quality process opened; reporter informed.' } });
      // The line names the submission, not the CH number it was found by.
      expect((await followupLogLines(target.id)).at(-1)?.description).toBe(`Follow-up saved for submission ${target.id} by ${s.staff.email}`);
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
      expect((await audits(target.id)).map((e) => [e.action, e.actorEmail, e.before, e.after])).toEqual([['mark reportable', s.staff.email, { reportable: false }, { reportable: true }]]);
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
        const replies = await Promise.all([1, 2, 3].map(() => patch(`/v1/jotforms/submission/${target.id}/${path}`, payload)));
        expect(replies.map((a) => a.statusCode)).toEqual([200, 200, 200]);
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

  describe('POST …/send-email-recipient (outbox, no SMTP server)', () => {
    const send = (id: string, headers: Headers = s.staff.headers) => s.t.request({ method: 'POST', url: `/v1/jotforms/submission/${id}/send-email-recipient`, headers: { ...headers, 'content-type': 'application/json' } });

    it('is 409 with a message when no recipient is active', async () => {
      await s.t.database.db.insert(emailConfigs).values({ id: randomUUID(), email: 'inactive@example.org', active: false });
      const res = await send(s.all[0]!.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'conflict', message: expect.stringMatching(/recipient/i) });
      expect(await s.t.database.db.select().from(mailOutbox)).toEqual([]);
    });

    it('stores a mail to the active recipients with the identifiers, dates, status and link, and no free-text answer', async () => {
      await s.t.database.db.insert(emailConfigs).values([
        { id: randomUUID(), email: 'quality@example.org', active: true },
        { id: randomUUID(), email: 'lead@example.org', active: true },
      ]);
      const target = s.all.find((r) => r.submissionStatus === 'Successful Transfer' && r.followup)!;
      const res = await send(target.id);
      expect(res.statusCode).toBe(200);
      const [mail, ...more] = await s.t.database.db.select().from(mailOutbox);
      expect(more).toEqual([]);
      expect(res.json()).toEqual({ message: 'Email queued for the recipients', recipients: 2, mailId: mail!.id, status: 'stored' });
      expect(mail).toMatchObject({ status: 'stored', to: ['lead@example.org', 'quality@example.org'], error: null });
      expect(mail!.subject).toContain(target.id);
      // Ids, dates, status, CH number and link; never the submitter's name (docs/security.md).
      expect(mail!.text).not.toContain(target.submitter);
      for (const text of [target.id, target.created_at, target.becomeAwareDate, target.investigationDeadline, target.submissionStatus, target.chNumber!, `${PUBLIC_URL}/dashboard/jotforms/submission/${target.id}`]) {
        expect(mail!.text).toContain(text);
      }
      const emu = s.emulator.state.submissions.get(target.id)!;
      const answerText = (qid: string) => emu.answers[qid]!.answer as string;
      const address = emu.answers[DEMO_QID.address]!.answer as Record<string, string>;
      for (const secret of [answerText(DEMO_QID.description), answerText(DEMO_QID.email), answerText(DEMO_QID.product), address.addr_line1!]) {
        expect(secret.length).toBeGreaterThan(3);
        expect(`${mail!.subject}\n${mail!.text}`).not.toContain(secret);
      }
      expect(mail!.html).toBeNull();
      const log = await s.t.database.db.select().from(systemLogs).orderBy(asc(systemLogs.id));
      expect(log.at(-1)).toMatchObject({ label: 'success', process: 'JotForms' });
    });

    it('is 404 for an unknown submission', async () => {
      expect((await send('6000000000000000000')).statusCode).toBe(404);
    });
  });
});
