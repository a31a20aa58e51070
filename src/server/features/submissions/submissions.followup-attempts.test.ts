import { describe, expect, it } from 'vitest';
import type { FollowupNote, HistoryEntry } from '#shared/contract/submissions';
import { complaintFile } from '../../../../tests/support/complaint-file.ts';

const f = complaintFile();
const notes = (id: string) => `/v1/jotforms/submission/${id}/followups`;
const listed = async (id: string) => (await f.send('GET', notes(id))).json<{ results: FollowupNote[] }>().results;

describe('follow-up attempts (today 2025-06-15)', () => {
  it('keeps the method, day and outcome with the note, and counts each note as an attempt in the list and the details', async () => {
    const id = f.ids.saturday;
    expect((await f.row(id)).followupAttempts).toBe(0);
    const first = await f.send('POST', notes(id), { text: 'Asked for the device back.', method: 'phone', attemptedOn: '2025-06-14', outcome: 'Left a message' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().results).toMatchObject({ text: 'Asked for the device back.', method: 'phone', attemptedOn: '2025-06-14', outcome: 'Left a message', author: f.staffUser });

    const second = await f.send('PATCH', `/v1/jotforms/submission/${id}/create-followup`, { followup: 'Sent a return label.', method: 'letter' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().results).toMatchObject({ followup: 'Sent a return label.', followupAttempts: 2 });

    expect((await listed(id)).map((n) => [n.text, n.method, n.attemptedOn, n.outcome])).toEqual([
      ['Sent a return label.', 'letter', null, null],
      ['Asked for the device back.', 'phone', '2025-06-14', 'Left a message'],
    ]);
    expect((await f.row(id)).followupAttempts).toBe(2);
    const row = (await f.list(`q=${id}`)).results.find((r) => r.id === id);
    expect(row?.followupAttempts).toBe(2);
  });

  it('the same note and attempt again stores nothing; the same text with another attempt is a new attempt', async () => {
    const id = f.ids.saturday;
    const repeat = await f.send('PATCH', `/v1/jotforms/submission/${id}/create-followup`, { followup: 'Sent a return label.', method: 'letter' });
    expect(repeat.json().results.followupAttempts).toBe(2);
    expect(await listed(id)).toHaveLength(2);

    const again = await f.send('POST', notes(id), { text: 'Sent a return label.', method: 'email', outcome: 'Delivered' });
    expect(again.statusCode).toBe(201);
    expect(again.json().results).toMatchObject({ method: 'email', outcome: 'Delivered' });
    expect((await f.row(id)).followupAttempts).toBe(3);
    // The history tells the attempt with the note.
    const history = (await f.send('GET', `/v1/jotforms/submission/${id}/history`)).json<{ results: HistoryEntry[] }>().results;
    expect(history[0]!.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'method', after: 'email' }), expect.objectContaining({ field: 'outcome', after: 'Delivered' })]));
  });

  it('refuses a day after today, an unknown method and an outcome over 200 characters, storing nothing', async () => {
    const id = f.ids.friday;
    const before = (await f.row(id)).followupAttempts;
    const future = await f.send('POST', notes(id), { text: 'Will call on Monday.', attemptedOn: '2025-06-16' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('attemptedOn cannot be in the future');
    const method = await f.send('POST', notes(id), { text: 'Pigeon sent.', method: 'pigeon' });
    expect(method.statusCode).toBe(400);
    expect(method.json().message).toMatch(/method must be one of phone, email, letter, in_person, other/i);
    const long = await f.send('POST', notes(id), { text: 'Called.', outcome: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/outcome must be at most 200 characters/i);
    expect((await f.row(id)).followupAttempts).toBe(before);
  });
});
