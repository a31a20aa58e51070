import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJotformClient } from '../../connectors/jotform/index.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { DEMO_FORM_ID, DEMO_QID, createJotformEmulator } from '../../emulators/jotform/index.ts';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';

const API_KEY = 'questions-test-key';
const base = `/v1/jotforms/${DEMO_FORM_ID}/questions`;

describe('questions API (through the JotForm emulator)', () => {
  let t: TestApp;
  let emulator: ReturnType<typeof createJotformEmulator>;
  let admin: Record<string, string>;
  let emulatorUrl: string;

  beforeAll(async () => {
    emulator = createJotformEmulator({ apiKey: API_KEY });
    emulatorUrl = await emulator.app.listen({ host: '127.0.0.1', port: 0 });
    const jotform = createJotformClient({ apiKey: API_KEY, baseUrl: emulatorUrl, retries: 0 });
    t = await createTestApp({ deps: { outside: { jotform }, formId: DEMO_FORM_ID } });
    admin = await t.as('admin');
  });
  afterAll(async () => {
    await t.close();
    await emulator.app.close();
  });

  async function list() {
    const res = await t.request({ method: 'GET', url: base, headers: admin });
    expect(res.statusCode).toBe(200);
    return res.json().results as { qid: string; text: string; order: number; type: string }[];
  }

  it('lists the form questions from JotForm, sorted by order', async () => {
    const questions = await list();
    expect(questions.length).toBeGreaterThan(10);
    expect(questions.map((q) => q.order)).toEqual([...questions.map((q) => q.order)].sort((a, b) => a - b));
    expect(questions.find((q) => q.qid === DEMO_QID.fullName)).toMatchObject({ type: 'control_fullname' });
  });

  it('adds a selectable question as control_<type>, and JotForm then returns it', async () => {
    const res = await t.request({ method: 'POST', url: base, headers: admin, payload: { text: 'Batch number', order: 3, type: 'textbox' } });
    expect(res.statusCode).toBe(204);
    const added = (await list()).find((q) => q.text === 'Batch number');
    expect(added).toMatchObject({ type: 'control_textbox', order: 3 });
  });

  it.each([
    [{ order: 1, type: 'textbox' }, 'text is required'],
    [{ text: '  ', order: 1, type: 'textbox' }, 'text is required'],
    [{ text: 'Q', order: 'x', type: 'textbox' }, 'order must be a number'],
    [{ text: 'Q', order: 0, type: 'textbox' }, 'order must be 1 or more'],
    [{ text: 'Q', order: 1.5, type: 'textbox' }, 'order must be a whole number'],
    [{ text: 'Q', order: 1, type: 'dropdown' }, 'type must be one of'],
    [{ text: 'Q', order: 1, type: 'control_captcha' }, 'type must be one of'],
  ])('refuses %j with a clear 400', async (payload, message) => {
    const res = await t.request({ method: 'POST', url: base, headers: admin, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.toLowerCase()).toContain(message.toLowerCase());
  });

  it('a JotForm refusal leaves no audit entry; a database that cannot write the entry keeps JotForm untouched', async () => {
    const trail = () => t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'add question'));
    const entries = (await trail()).length;
    emulator.failNext(1, 503);
    const refused = await t.request({ method: 'POST', url: base, headers: admin, payload: { text: 'Refused by JotForm', order: 4, type: 'textbox' } });
    expect(refused.statusCode).toBe(502);
    expect(await trail()).toHaveLength(entries);

    const questions = (await list()).length;
    const noAudit = await createTestApp({ deps: { outside: { jotform: createJotformClient({ apiKey: API_KEY, baseUrl: emulatorUrl, retries: 0 }) }, formId: DEMO_FORM_ID } });
    try {
      // Signed in first: sign-ins are audited too.
      const headers = await noAudit.as('admin');
      await noAudit.database.owner.db.execute(sql`alter table audit_events add constraint audit_refuses_all check (false) not valid`);
      const res = await noAudit.request({ method: 'POST', url: base, headers, payload: { text: 'Never half done', order: 4, type: 'textbox' } });
      expect(res.statusCode).toBe(500);
      expect((await list()).length).toBe(questions);
    } finally {
      await noAudit.close();
    }
  });

  it('deletes a question (204) and replies 404 for an unknown qid', async () => {
    const target = (await list()).find((q) => q.text === 'Batch number')!;
    const del = await t.request({ method: 'DELETE', url: `${base}/${target.qid}`, headers: admin });
    expect(del.statusCode).toBe(204);
    expect((await list()).some((q) => q.qid === target.qid)).toBe(false);
    const again = await t.request({ method: 'DELETE', url: `${base}/${target.qid}`, headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: 'not_found', message: `Question Deletion failed: question ${target.qid} is not on the form.` });
  });

  it('saves a new order to JotForm', async () => {
    const before = await list();
    const order = [before[1]!.qid, before[0]!.qid, ...before.slice(2).map((q) => q.qid)];
    const res = await t.request({ method: 'PATCH', url: `${base}/order`, headers: admin, payload: { order } });
    expect(res.statusCode).toBe(204);
    expect((await list()).map((q) => q.qid)).toEqual(order);
  });

  it('refuses an order that does not list every question exactly once', async () => {
    const qids = (await list()).map((q) => q.qid);
    const missing = await t.request({ method: 'PATCH', url: `${base}/order`, headers: admin, payload: { order: qids.slice(1) } });
    expect(missing.statusCode).toBe(400);
    const twice = await t.request({ method: 'PATCH', url: `${base}/order`, headers: admin, payload: { order: [qids[0], ...qids] } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('twice');
  });

  it('refuses staff and members on every questions endpoint', async () => {
    for (const role of ['staff', 'member'] as const) {
      const headers = await t.as(role);
      expect((await t.request({ method: 'GET', url: base, headers })).statusCode).toBe(403);
      expect((await t.request({ method: 'POST', url: base, headers, payload: { text: 'Q', order: 1, type: 'textbox' } })).statusCode).toBe(403);
      expect((await t.request({ method: 'DELETE', url: `${base}/3`, headers })).statusCode).toBe(403);
    }
  });

  it('replies 404 for another form and 502 with the message when JotForm fails', async () => {
    expect((await t.request({ method: 'GET', url: '/v1/jotforms/999/questions', headers: admin })).statusCode).toBe(404);
    emulator.failNext(1, 401);
    const res = await t.request({ method: 'GET', url: base, headers: admin });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^Failed to fetch form questions: /);
  });
});
