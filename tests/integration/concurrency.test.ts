import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type Headers, portalWithSubmissions } from '../support/portal-with-submissions.ts';
import { signature } from '../support/signing.ts';

/**
 * Exactly once under concurrency: ten identical requests sent at once have the effect of one
 * (one row, one audit entry) and reply as one request and its repeats would; ten different
 * follow-ups each reply with their own note.
 */
const { p, send, submission, mapping, audits } = portalWithSubmissions();

const tenAtOnce = (request: InjectOptions, headers?: Headers): Promise<LightMyRequestResponse[]> => Promise.all(Array.from({ length: 10 }, () => send(request, headers)));
const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();
const count = async (sql: string, values: unknown[]) => (await p.t.database.pool.query<{ n: number }>(`select count(*)::int as n from ${sql}`, values)).rows[0]!.n;

describe('users', () => {
  it('POST /v1/users: one user, one entry; the others 409', async () => {
    const res = await tenAtOnce({ method: 'POST', url: '/v1/users', payload: { name: 'Once', email: 'once@example.com', password: 'violet-harbor-quartz-58', role: 'staff' } });
    expect(statuses(res)).toEqual([201, ...Array(9).fill(409)]);
    expect(res.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(Array(9).fill('A user with this email already exists.'));
    const id = res.find((r) => r.statusCode === 201)!.json().id as string;
    expect(await audits(id)).toBe(1);
  });

  it('PATCH /v1/users/{id}: one entry, every reply the changed user', async () => {
    const user = await p.t.createUser('staff');
    const res = await tenAtOnce({ method: 'PATCH', url: `/v1/users/${user.id}`, payload: { name: 'Renamed Once' } });
    expect(statuses(res)).toEqual(Array(10).fill(200));
    expect(new Set(res.map((r) => r.json().results.name))).toEqual(new Set(['Renamed Once']));
    expect(await audits(user.id, 'update')).toBe(1);
  });

  it('PATCH /v1/users/{id} with a new password: reset once', async () => {
    const user = await p.t.createUser('staff');
    const res = await tenAtOnce({ method: 'PATCH', url: `/v1/users/${user.id}`, payload: { password: 'amber-lantern-meadow-91' } });
    expect(statuses(res)).toEqual(Array(10).fill(200));
    expect(await audits(user.id, 'update (password changed)')).toBe(1);
    await p.t.login(user.email, 'amber-lantern-meadow-91');
  });

  it('PATCH /v1/users/{id}/restrict-access at once: one entry', async () => {
    const user = await p.t.createUser('staff');
    await p.t.login(user.email, user.password);
    const res = await tenAtOnce({ method: 'PATCH', url: `/v1/users/${user.id}/restrict-access`, payload: { isRestricted: true } }, p.admin);
    expect(statuses(res)).toEqual(Array(10).fill(204));
    expect(await audits(user.id, 'restrict')).toBe(1);
    expect(await count(`audit_events where action = 'end session' and after->>'userId' = $1`, [user.id])).toBe(1);
  });

  it('DELETE /v1/users/{id}/sessions at once: each session ends once', async () => {
    const user = await p.t.createUser('staff');
    await p.t.login(user.email, user.password);
    await p.t.login(user.email, user.password);
    const res = await tenAtOnce({ method: 'DELETE', url: `/v1/users/${user.id}/sessions` }, p.admin);
    expect(statuses(res)).toEqual(Array(10).fill(204));
    expect(await count(`audit_events where action = 'end session' and after->>'userId' = $1`, [user.id])).toBe(2);
  });
});

describe('signing out', () => {
  it('POST /v1/auth/logout ten times with one refresh token: the session ends once', async () => {
    const user = await p.t.createUser('staff');
    const { refresh } = await p.t.login(user.email, user.password);
    const res = await tenAtOnce({ method: 'POST', url: '/v1/auth/logout', payload: { refreshToken: refresh } });
    expect(statuses(res)).toEqual(Array(10).fill(204));
    expect(await count(`audit_events where action = 'end session' and after->>'userId' = $1`, [user.id])).toBe(1);
  });

  it('DELETE /v1/auth/sessions ten times at once: each other session ends once, this one stays', async () => {
    const user = await p.t.createUser('staff');
    await p.t.login(user.email, user.password);
    await p.t.login(user.email, user.password);
    const { access } = await p.t.login(user.email, user.password);
    const res = await tenAtOnce({ method: 'DELETE', url: '/v1/auth/sessions' }, { authorization: `Bearer ${access}` });
    expect(statuses(res)).toEqual(Array(10).fill(204));
    expect(await count(`audit_events where action = 'end session' and after->>'userId' = $1`, [user.id])).toBe(2);
    expect((await send({ method: 'GET', url: '/v1/auth/profile' }, { authorization: `Bearer ${access}` })).statusCode).toBe(200);
  });
});

describe('submissions', () => {
  it('mark delivered: one entry, every reply delivered', async () => {
    const id = await submission();
    const res = await tenAtOnce({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/mark-email-delivered`, payload: { emailDelivered: true } }, p.staff);
    expect(statuses(res)).toEqual(Array(10).fill(200));
    expect(res.every((r) => r.json().results.emailDelivered === true)).toBe(true);
    expect(await audits(id, 'mark delivered')).toBe(1);
  });

  it('mark reportable: one decision, one entry', async () => {
    const id = await submission();
    const res = await tenAtOnce({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/mark-reportable`, payload: {} }, p.staff);
    expect(statuses(res)).toEqual(Array(10).fill(200));
    expect(res.every((r) => r.json().results.reportable === true)).toBe(true);
    expect(await audits(id, 'mark reportable')).toBe(1);
    expect(await count('reportability_decisions where submission_id = $1', [id])).toBe(1);
  });

  it('approve: one approval; the repeats 409 saying it is Pending Transfer', async () => {
    const id = await submission();
    const res = await tenAtOnce({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/review`, payload: { decision: 'approve', decideLater: true } }, p.staff);
    expect(statuses(res)).toEqual([200, ...Array(9).fill(409)]);
    expect(new Set(res.filter((r) => r.statusCode === 409).map((r) => r.json().message))).toEqual(
      new Set(['Only submissions pending review can be approved or denied; this one is Pending Transfer.']),
    );
    expect(await audits(id, 'approve')).toBe(1);
  });

  it('the same follow-up (create-followup and POST …/followups): one note, every reply that note', async () => {
    const id = await submission();
    const saved = await tenAtOnce({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/create-followup`, payload: { followup: 'Called the clinic.' } }, p.staff);
    expect(statuses(saved)).toEqual(Array(10).fill(200));
    expect(new Set(saved.map((r) => r.json().results.followup))).toEqual(new Set(['Called the clinic.']));
    const added = await tenAtOnce({ method: 'POST', url: `/v1/jotforms/submission/${id}/followups`, payload: { text: 'Called again.' } }, p.staff);
    expect(statuses(added)).toEqual(Array(10).fill(201));
    expect(new Set(added.map((r) => r.json().results.text))).toEqual(new Set(['Called again.']));
    expect(new Set(added.map((r) => r.json().results.id)).size).toBe(1);
    expect(await audits(id, 'followup')).toBe(2);
  });

  it('the same words with a new attempt, ten at once: one new note, however the note before it was recorded', async () => {
    const id = await submission();
    const url = `/v1/jotforms/submission/${id}/followups`;
    expect((await send({ method: 'POST', url, payload: { text: 'Asked for the device.', method: 'phone' } }, p.staff)).statusCode).toBe(201);
    const res = await tenAtOnce({ method: 'POST', url, payload: { text: 'Asked for the device.', method: 'letter' } }, p.staff);
    expect(statuses(res)).toEqual(Array(10).fill(201));
    expect(new Set(res.map((r) => r.json().results.id)).size).toBe(1);
    const notes = (await send({ method: 'GET', url }, p.staff)).json().results as { method: string }[];
    expect(notes.map((n) => n.method)).toEqual(['letter', 'phone']);
  });

  it('ten different follow-ups: ten notes, each reply its own', async () => {
    const id = await submission();
    const texts = Array.from({ length: 10 }, (_, i) => `Note number ${i}`);
    const res = await Promise.all(texts.map((text) => send({ method: 'POST', url: `/v1/jotforms/submission/${id}/followups`, payload: { text } }, p.staff)));
    expect(statuses(res)).toEqual(Array(10).fill(201));
    expect(res.map((r) => r.json().results.text)).toEqual(texts);
    const notes = (await send({ method: 'GET', url: `/v1/jotforms/submission/${id}/followups` }, p.staff)).json().results as { id: string; text: string }[];
    expect(notes).toHaveLength(10);
    expect(new Map(res.map((r) => [r.json().results.id, r.json().results.text]))).toEqual(new Map(notes.map((n) => [n.id, n.text])));
    // The saves took the row in turn: each note's "before" is the text the note before it wrote, and every save counted.
    const { rows } = await p.t.database.pool.query<{ before: string | null; after: string }>(
      `select before->>'followup' as before, after->>'followup' as after from audit_events where entity_id = $1 and action = 'followup' order by id`,
      [id],
    );
    expect(rows.slice(1).map((r) => r.before)).toEqual(rows.slice(0, -1).map((r) => r.after));
    expect((await send({ method: 'GET', url: `/v1/jotforms/submission/${id}` }, p.staff)).json().followupAttempts).toBe(10);
  });

  it('send e-mail to the recipients: one message, one entry, every reply that message', async () => {
    expect((await send({ method: 'POST', url: '/v1/email-configs', payload: { email: 'quality-team@example.com' } })).statusCode).toBe(201);
    const id = await submission();
    const res = await tenAtOnce({ method: 'POST', url: `/v1/jotforms/submission/${id}/send-email-recipient` }, p.staff);
    expect(statuses(res)).toEqual(Array(10).fill(200));
    expect(new Set(res.map((r) => r.json().mailId)).size).toBe(1);
    expect(await count('mail_outbox where submission_id = $1', [id])).toBe(1);
    expect(await audits(id, 'email queued')).toBe(1);
  });
});

describe('configuration', () => {
  it('e-mail configs: one added (the others 409), changed once, removed once (the others 404)', async () => {
    const added = await tenAtOnce({ method: 'POST', url: '/v1/email-configs', payload: { email: 'once@example.org' } });
    expect(statuses(added)).toEqual([201, ...Array(9).fill(409)]);
    const id = added.find((r) => r.statusCode === 201)!.json().id as string;
    const changed = await tenAtOnce({ method: 'PATCH', url: `/v1/email-configs/${id}`, payload: { active: false } });
    expect(statuses(changed)).toEqual(Array(10).fill(200));
    expect(changed.every((r) => r.json().active === false)).toBe(true);
    const removed = await tenAtOnce({ method: 'DELETE', url: `/v1/email-configs/${id}` });
    expect(statuses(removed)).toEqual([200, ...Array(9).fill(404)]);
    expect([await audits(id, 'create'), await audits(id, 'update'), await audits(id, 'delete')]).toEqual([1, 1, 1]);
  });

  it('field mappings: one per Arena field (the others 409), replaced once, deleted once (the others 404)', async () => {
    const added = await tenAtOnce({ method: 'POST', url: '/v1/field-mapping', payload: mapping('product', 'Product') });
    expect(statuses(added)).toEqual([201, ...Array(9).fill(409)]);
    expect(new Set(added.filter((r) => r.statusCode === 409).map((r) => r.json().message))).toEqual(
      new Set(['The quality process field Product is already mapped ("Product"); edit that mapping instead.']),
    );
    const id = added.find((r) => r.statusCode === 201)!.json()._id as string;
    const replaced = await tenAtOnce({ method: 'PUT', url: `/v1/field-mapping/${id}`, payload: mapping('product', 'Product name') });
    expect(statuses(replaced)).toEqual(Array(10).fill(200));
    expect(new Set(replaced.map((r) => r.json().name))).toEqual(new Set(['Product name']));
    const removed = await tenAtOnce({ method: 'DELETE', url: `/v1/field-mapping/${id}` });
    expect(statuses(removed)).toEqual([200, ...Array(9).fill(404)]);
    expect([await audits(id, 'create'), await audits(id, 'update'), await audits(id, 'delete')]).toEqual([1, 1, 1]);
  });

  it('clearing the system log: cleared once, one entry', async () => {
    const before = await count(`audit_events where action = 'clear'`, []);
    const res = await tenAtOnce({ method: 'DELETE', url: '/v1/logs' });
    expect(statuses(res)).toEqual(Array(10).fill(204));
    expect(await count(`audit_events where action = 'clear'`, [])).toBe(before + 1);
  });

  it('resending a message: one copy, one entry, every reply that copy', async () => {
    await send({ method: 'POST', url: '/v1/email-configs', payload: { email: 'resend@example.org' } });
    const id = await submission();
    const mailId = (await send({ method: 'POST', url: `/v1/jotforms/submission/${id}/send-email-recipient` }, p.staff)).json().mailId as string;
    const res = await tenAtOnce({ method: 'POST', url: `/v1/mail/${mailId}/resend` });
    expect(statuses(res)).toEqual(Array(10).fill(201));
    expect(new Set(res.map((r) => r.json().results.id)).size).toBe(1);
    expect(await count('mail_outbox where resend_of = $1', [mailId])).toBe(1);
    expect(await audits(id, 'email resent')).toBe(1);
  });
});

describe('reporting', () => {
  it('the same decision ten times at once: one decision, one entry, the same reply', async () => {
    const id = await submission();
    const base = `/v1/jotforms/submission/${id}/reportability`;
    // One signature: the first decision uses it, the repeats find the decision signed and store nothing.
    const sig = await signature(send, p.staff, 'Reportability decided');
    const res = await tenAtOnce({ method: 'PUT', url: base, payload: { decision: 'reportable', rationale: 'Injury reported.', category: 'standard', signature: sig } }, p.staff);
    expect(statuses(res)).toEqual(Array(10).fill(200));
    expect(new Set(res.map((r) => r.json().current.id)).size).toBe(1);
    expect(await count('reportability_decisions where submission_id = $1', [id])).toBe(1);
    expect(await audits(id, 'decide reportability')).toBe(1);

    const becameAware = (await send({ method: 'GET', url: `/v1/jotforms/submission/${id}` }, p.staff)).json().becomeAwareDate as string;
    const filed = await tenAtOnce({ method: 'POST', url: `${base}/reports`, payload: { regime: 'US_MDR', reportedOn: becameAware, reference: 'MDR-7' } }, p.staff);
    expect(statuses(filed)).toEqual(Array(10).fill(201));
    expect(await count('filed_reports where submission_id = $1', [id])).toBe(1);
    expect(await audits(id, 'file report')).toBe(1);
  });
});

describe('questions', () => {
  const base = () => `/v1/jotforms/${p.emu.jotform.formId}/questions`;
  const questions = async () => (await send({ method: 'GET', url: base() })).json().results as { qid: string; text: string }[];

  it('the same question added ten times at once is added once', async () => {
    const res = await tenAtOnce({ method: 'POST', url: base(), payload: { text: 'Serial number', order: 2, type: 'textbox' } });
    expect(statuses(res)).toEqual(Array(10).fill(204));
    expect((await questions()).filter((q) => q.text === 'Serial number')).toHaveLength(1);
    expect(await audits(p.emu.jotform.formId, 'add question')).toBe(1);
  });

  it('one question deleted ten times at once: 204 once, then 404 with the deletion message', async () => {
    const qid = (await questions()).find((q) => q.text === 'Serial number')!.qid;
    const res = await tenAtOnce({ method: 'DELETE', url: `${base()}/${qid}` });
    expect(statuses(res)).toEqual([204, ...Array(9).fill(404)]);
    expect(new Set(res.filter((r) => r.statusCode === 404).map((r) => r.json().message))).toEqual(new Set([`Question Deletion failed: question ${qid} is not on the form.`]));
    expect(await audits(`${p.emu.jotform.formId}:${qid}`, 'delete question')).toBe(1);
  });

  it('one new order saved ten times at once: one entry', async () => {
    const before = await questions();
    const order = [before[1]!.qid, before[0]!.qid, ...before.slice(2).map((q) => q.qid)];
    const res = await tenAtOnce({ method: 'PATCH', url: `${base()}/order`, payload: { order } });
    expect(statuses(res)).toEqual(Array(10).fill(204));
    expect((await questions()).map((q) => q.qid)).toEqual(order);
    expect(await audits(p.emu.jotform.formId, 'reorder questions')).toBe(1);
  });
});

