import { describe, expect, it } from 'vitest';
import { CSV_HEADERS, type FollowupNote, type HistoryEntry, type SubmissionRow } from '#shared/contract/submissions';
import { DEMO_QID } from '../../emulators/jotform/fixtures.ts';
import { EXPORT, TODAY, complaintFile } from '../../../../tests/support/complaint-file.ts';

const f = complaintFile();
const ids = (rows: SubmissionRow[]) => rows.map((r) => r.id);

describe('list and CSV filters: clock, decision, deadline (today 2025-06-15)', () => {
  it('clock=overdue, due_soon and open each reply with the rows in that state, with matching totals', async () => {
    const overdue = await f.list('clock=overdue');
    expect(ids(overdue.results)).toContain(f.ids.early);
    expect(ids(overdue.results)).not.toContain(f.ids.friday);
    expect(overdue.results.every((r) => r.reportingDue !== null && r.reportingDue < TODAY)).toBe(true);
    expect(overdue.totalResults).toBe(overdue.results.length);

    const soon = await f.list('clock=due_soon');
    expect(ids(soon.results)).toEqual(expect.arrayContaining([f.ids.friday, f.ids.saturday]));
    expect(soon.results.every((r) => r.clock === 'due_soon')).toBe(true);
    expect(soon.totalResults).toBe(soon.results.length);

    const open = await f.list('clock=open');
    expect(ids(open.results)).not.toContain(f.ids.friday);
    expect(open.results.every((r) => r.clock === 'open')).toBe(true);

    // The dashboard card's filter: due from today to today + 7, so due soon and part of open.
    const week = await f.list('clock=due_within_7_days');
    expect(ids(week.results)).toEqual(expect.arrayContaining([f.ids.friday, f.ids.saturday]));
    expect(ids(week.results)).not.toContain(f.ids.early);
    expect(week.results.every((r) => r.reportingDue !== null && r.reportingDue >= TODAY && r.reportingDue <= '2025-06-22')).toBe(true);
    expect(week.totalResults).toBe(week.results.length);
  });

  it('decision=undecided lists what no one decided; deadline=week the open investigations due within 7 days', async () => {
    const undecided = await f.list('decision=undecided');
    expect(ids(undecided.results)).toContain(f.ids.friday);
    expect(undecided.results.every((r) => r.decision === 'undecided')).toBe(true);
    const week = await f.list('deadline=week');
    expect(ids(week.results)).toContain(f.ids.deadlineSoon);
    expect(ids(week.results)).not.toContain(f.ids.friday);
    expect(week.results.every((r) => r.investigationDeadline >= TODAY && r.investigationDeadline <= '2025-06-22' && !['Successful Transfer', 'Denied'].includes(r.submissionStatus))).toBe(true);
  });

  it('the CSV takes the same filters and keeps the ten headers', async () => {
    const res = await f.send('GET', `${EXPORT}?clock=overdue`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_HEADERS.join(','));
    expect(lines).toHaveLength(1 + (await f.list('clock=overdue')).totalResults);
  });

  it('refuses unknown filter values', async () => {
    const res = await f.send('GET', `/v1/jotforms/${(await f.row(f.ids.friday)).form_id}?clock=late`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/clock must be one of overdue, due_soon, open, due_within_7_days/i);
    expect((await f.send('GET', `${EXPORT}?decision=maybe`)).statusCode).toBe(400);
  });
});

describe('follow-up notes', () => {
  const notes = (id: string) => `/v1/jotforms/submission/${id}/followups`;

  it('POST adds an attributed, dated note that becomes the followup; GET lists newest first', async () => {
    const first = await f.send('POST', notes(f.ids.friday), { text: 'Called the reporter; left a voicemail.' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().results).toMatchObject({ text: 'Called the reporter; left a voicemail.', at: '2025-06-15T16:00:00.000Z', author: f.staffUser });
    f.clock.advance(60_000);
    const second = await f.send('PATCH', `/v1/jotforms/submission/${f.ids.friday}/create-followup`, { followup: 'Reporter called back; device returned.' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().results.followup).toBe('Reporter called back; device returned.');
    const list = (await f.send('GET', notes(f.ids.friday))).json<{ results: FollowupNote[] }>().results;
    expect(list.map((n) => n.text)).toEqual(['Reporter called back; device returned.', 'Called the reporter; left a voicemail.']);
    expect((await f.row(f.ids.friday)).followup).toBe('Reporter called back; device returned.');
  });

  it('the same text again stores no second note (a double-submitted Save)', async () => {
    const again = await f.send('POST', notes(f.ids.friday), { text: 'Reporter called back; device returned.' });
    expect(again.statusCode).toBe(201);
    expect((await f.send('GET', notes(f.ids.friday))).json().results).toHaveLength(2);
  });

  it('refuses an empty note and an unknown submission', async () => {
    const empty = await f.send('POST', notes(f.ids.friday), { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/text cannot be empty/i);
    const missing = await f.send('POST', notes('999999'), { text: 'Anything at all.' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Submission not found.');
    expect((await f.send('GET', notes('999999'))).statusCode).toBe(404);
  });
});

describe('GET history', () => {
  const history = async (id: string) => (await f.send('GET', `/v1/jotforms/submission/${id}/history`)).json<{ results: HistoryEntry[] }>().results;

  it('shows the JotForm import (no actor) and each change by whom, newest first', async () => {
    const h = await history(f.ids.friday);
    expect(h.map((e) => e.action)).toEqual(['followup', 'followup', 'import']);
    expect(h[0]).toMatchObject({ actor: f.staffUser, changes: [{ field: 'followup', before: 'Called the reporter; left a voicemail.', after: 'Reporter called back; device returned.' }] });
    expect(h[2]).toMatchObject({ actor: null, at: '2025-06-15T16:00:00.000Z' });
    expect(h[2]!.changes).toContainEqual({ field: 'becomeAwareDate', before: null, after: '2025-06-13' });
    expect(JSON.stringify(h)).not.toContain('answers');
  });

  it('a become-aware date changed in JotForm is a sync entry, and the clocks move with it', async () => {
    f.emulator.editSubmission(f.ids.saturday, { answers: { [DEMO_QID.awareDate]: '2025-06-01' } });
    f.clock.advance(60_000);
    await f.t.app.services.sync.syncOnce();
    const h = await history(f.ids.saturday);
    expect(h[0]).toMatchObject({ actor: null, action: 'sync update' });
    expect(h[0]!.changes).toContainEqual({ field: 'becomeAwareDate', before: '2025-06-14', after: '2025-06-01' });
    expect(ids((await f.list('clock=overdue')).results)).toContain(f.ids.saturday);
  });

  it('replies 404 for an unknown submission', async () => {
    expect((await f.send('GET', '/v1/jotforms/submission/999999/history')).statusCode).toBe(404);
  });
});
