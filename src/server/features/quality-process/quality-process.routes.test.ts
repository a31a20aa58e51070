import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulators, startEmulators } from '../../../../tests/support/emulators.ts';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';
import { ArenaError } from '../../connectors/arena/index.ts';
import { auditEvents, submissions, systemLogs } from '../../db/schema/index.ts';
import { ATTRIBUTE_GUIDS } from '../../emulators/arena/index.ts';
import { DEMO_QID } from '../../emulators/jotform/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import { zonedDate } from '../../lib/time-zone.ts';

const clock = fixedClock('2025-06-15T16:00:00.000Z');
let emu: Emulators;
let t: TestApp;
let admin: Record<string, string>;
let member: Record<string, string>;
let ids: string[];
/** Makes the next updateStep fail as Arena would, once (the process itself is created for real). */
let failNextStepUpdate = false;

const create = (id: string, chTitle: unknown, headers = member) =>
  t.request({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/quality-process`, headers, payload: { chTitle } });
const steps = (id: string, headers = member) => t.request({ method: 'GET', url: `/v1/arena/quality-process-step/${encodeURIComponent(id)}`, headers });
const row = async (id: string) => (await t.database.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
const setStatus = (id: string, submissionStatus: 'Pending Transfer' | 'Transfer Error' | 'Denied' | 'Pending Review') =>
  t.database.db.update(submissions).set({ submissionStatus }).where(eq(submissions.id, id));
const processesNamed = (name: string) => [...emu.arena.state.processes.values()].filter((p) => p.name === name);

beforeAll(async () => {
  emu = await startEmulators({ clock });
  const real = emu.arenaClient;
  const arena = {
    ...real,
    async updateStep(...args: Parameters<typeof real.updateStep>) {
      if (failNextStepUpdate) {
        failNextStepUpdate = false;
        throw new ArenaError('unavailable', 'Arena is unavailable: HTTP 503.', 503);
      }
      return real.updateStep(...args);
    },
  };
  t = await createTestApp({ clock, deps: { ...emu.deps, outside: { ...emu.deps.outside, arena } } });
  [admin, member] = await Promise.all([t.as('admin'), t.as('member')]);
  await t.app.services.sync.syncOnce();
  ids = (await t.database.db.select({ id: submissions.id }).from(submissions).orderBy(submissions.id)).map((r) => r.id);
  const mappings = [
    { arenaFieldGUID: ATTRIBUTE_GUIDS.complainantName, name: 'Name', formFieldQID: [{ qid: DEMO_QID.fullName, preprocessingFunctions: ['fullName'] }] },
    { arenaFieldGUID: ATTRIBUTE_GUIDS.becomeAwareDate, name: 'Aware', formFieldQID: [{ qid: DEMO_QID.awareDate, preprocessingFunctions: ['dateISO'] }] },
    { arenaFieldGUID: ATTRIBUTE_GUIDS.symptoms, name: 'Symptoms', predefined: true, predefinedValue: 'Pain, Rash' },
  ];
  for (const payload of mappings) expect((await t.request({ method: 'POST', url: '/v1/field-mapping', headers: admin, payload })).statusCode).toBe(201);
});
afterAll(async () => {
  await t.close();
  await emu.close();
});

describe('GET /v1/arena/template/step', () => {
  it('replies with the REGULAR steps of the template with their attributes, to every role', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/arena/template/step', headers: member });
    expect(res.statusCode).toBe(200);
    const results = res.json().results as { name: string; attributes: { guid: string; name: string; type: string }[] }[];
    expect(results.map((s) => s.name)).toEqual(['Complaint Intake', 'Evaluation', 'Investigation']);
    expect(results[1]!.attributes).toContainEqual({
      guid: ATTRIBUTE_GUIDS.symptoms,
      name: 'Symptoms',
      type: 'FIXED_DROP_DOWN',
      required: false,
      multiSelect: true,
      possibleValues: ['Pain', 'Swelling', 'Bleeding', 'Infection', 'Rash', 'Hypoglycemia', 'Hyperglycemia', 'None'],
    });
  });
});

describe('PATCH /v1/jotforms/submission/:id/quality-process', () => {
  it('creates the process, writes the mapped values into its steps and marks the transfer successful', async () => {
    const id = ids[0]!;
    await setStatus(id, 'Pending Transfer');
    const res = await create(id, '  Pump alarm overnight ');
    expect(res.statusCode).toBe(204);
    const saved = await row(id);
    expect(saved).toMatchObject({ submissionStatus: 'Successful Transfer', chTitle: 'Pump alarm overnight', chNumber: expect.stringMatching(/^CH-\d{6}$/), transferError: null, transferStartedAt: null });
    const process = emu.arena.state.processes.get(saved.arenaGuid!)!;
    expect(process).toMatchObject({ number: saved.chNumber, name: 'Pump alarm overnight', description: `Created by the Quality Portal from JotForm submission ${id}` });
    // Arena keeps the target date as a Pacific day: it is the investigation deadline.
    expect(zonedDate(new Date(process.targetCompletionDateTime!), 'America/Los_Angeles')).toBe(saved.investigationDeadline);

    const shown = (await steps(id)).json().results as { name: string; attributes: { name: string; value: string }[] }[];
    expect(shown.map((s) => s.name)).toEqual(['Complaint Intake', 'Evaluation', 'Investigation']);
    const intake = Object.fromEntries(shown[0]!.attributes.map((a) => [a.name, a.value]));
    expect(intake).toMatchObject({ 'Complainant Name': saved.submitter, 'Become Aware Date': saved.becomeAwareDate, 'Complaint Title': 'Pump alarm overnight' });
    expect(shown[1]!.attributes).toContainEqual({ name: 'Symptoms', value: 'Pain, Rash' });
    // The CH number finds it too.
    expect((await steps(saved.chNumber!)).json().results).toEqual(shown);
  });

  it('audits and logs the creation (entity submission, process Arena)', async () => {
    const id = ids[0]!;
    const [event] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'quality process created')));
    expect(event).toMatchObject({ entity: 'submission', before: { submissionStatus: 'Pending Transfer' }, after: { submissionStatus: 'Successful Transfer', fields: expect.arrayContaining(['Complainant Name', 'Become Aware Date', 'Symptoms']) } });
    const logs = await t.database.db.select().from(systemLogs).where(eq(systemLogs.process, 'Arena'));
    expect(logs.some((l) => l.label === 'success' && l.description.includes(id))).toBe(true);
  });

  it.each(['Successful Transfer', 'Pending Review', 'Denied'] as const)('refuses a submission in %s (409, naming the status)', async (status) => {
    const id = ids[1]!;
    await t.database.db.update(submissions).set({ submissionStatus: status }).where(eq(submissions.id, id));
    const res = await create(id, 'Title');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'conflict', message: `A quality process can only be created from Pending Transfer or Transfer Error; this submission is ${status}.` });
  });

  it('replies 404 for an unknown submission and 400 for a bad title', async () => {
    expect((await create(randomUUID(), 'Title')).statusCode).toBe(404);
    for (const chTitle of ['', '   ', 'x'.repeat(201), 42, null]) {
      const res = await create(ids[2]!, chTitle);
      expect(res.statusCode, JSON.stringify(chTitle)).toBe(400);
      expect(res.json().details).toHaveProperty(['chTitle']);
    }
  });

  it('keeps the process when a step update fails; the retry fills it without creating another', async () => {
    const id = ids[3]!;
    await setStatus(id, 'Pending Transfer');
    failNextStepUpdate = true;
    const res = await create(id, 'Glucose readings differ');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'upstream_failed', message: 'Arena is unavailable: HTTP 503.' });
    const failed = await row(id);
    expect(failed).toMatchObject({ submissionStatus: 'Transfer Error', transferError: 'Arena is unavailable: HTTP 503.', chTitle: 'Glucose readings differ', chNumber: expect.any(String), arenaGuid: expect.any(String), transferStartedAt: null });
    const [event] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'transfer failed')));
    expect(event?.after).toMatchObject({ transferError: 'Arena is unavailable: HTTP 503.' });

    expect((await create(id, 'temp')).statusCode).toBe(204);
    expect(processesNamed('Glucose readings differ')).toHaveLength(1);
    expect(await row(id)).toMatchObject({ submissionStatus: 'Successful Transfer', chNumber: failed.chNumber, arenaGuid: failed.arenaGuid, chTitle: 'Glucose readings differ', transferError: null });
    const intake = (await steps(id)).json().results[0].attributes as { name: string; value: string }[];
    expect(intake.find((a) => a.name === 'Complainant Name')?.value).toBe(failed.submitter);
  });

  it('Retry ("temp") without a stored title names the process after the submission', async () => {
    const id = ids[4]!;
    await t.database.db.update(submissions).set({ submissionStatus: 'Transfer Error', chTitle: null }).where(eq(submissions.id, id));
    expect((await create(id, 'temp')).statusCode).toBe(204);
    const saved = await row(id);
    expect(saved.chTitle).toBe(`Complaint from ${saved.submitter} (JotForm ${id})`);
  });

  it('a failed Retry keeps no made-up title, so the list still offers Retry; a failed Create keeps the title given', async () => {
    const [retried, named] = [ids[5]!, ids[6]!];
    for (const id of [retried, named]) await t.database.db.update(submissions).set({ submissionStatus: 'Transfer Error', chTitle: null }).where(eq(submissions.id, id));
    emu.arena.control.failNext(10, { status: 503 });
    expect((await create(retried, 'temp')).statusCode).toBe(502);
    expect((await create(named, 'Leaking infusion set')).statusCode).toBe(502);
    emu.arena.control.failNext(0, { status: 503 });
    expect(await row(retried)).toMatchObject({ submissionStatus: 'Transfer Error', chTitle: null });
    expect(await row(named)).toMatchObject({ submissionStatus: 'Transfer Error', chTitle: 'Leaking infusion set' });
  });

  it('a call while another transfer holds the row waits for it, and takes over once that claim is stale', async () => {
    const id = ids[5]!;
    await t.database.db.update(submissions).set({ submissionStatus: 'Pending Transfer', transferStartedAt: clock.now() }).where(eq(submissions.id, id));
    const second = create(id, 'Busy');
    // Whether the call meets the claim fresh (and waits) or already stale, it takes the row over.
    clock.advance(6 * 60_000);
    expect((await second).statusCode).toBe(204);
    expect(await row(id)).toMatchObject({ submissionStatus: 'Successful Transfer', chTitle: 'Busy', transferStartedAt: null });
  });

  it('a second click while the first runs gets the first one’s outcome, success or Arena’s reason', async () => {
    const claimed = async (id: string) => {
      while ((await row(id)).transferStartedAt === null) await new Promise((resolve) => setImmediate(resolve));
    };
    emu.arena.control.setLatency(300);
    try {
      const id = ids[11]!;
      await setStatus(id, 'Pending Transfer');
      const before = emu.arena.state.processes.size;
      const first = create(id, 'Double click');
      await claimed(id);
      const [a, b] = await Promise.all([first, create(id, 'Double click')]);
      expect([a.statusCode, b.statusCode]).toEqual([204, 204]);
      expect(emu.arena.state.processes.size).toBe(before + 1);

      const failing = ids[12]!;
      await setStatus(failing, 'Pending Transfer');
      emu.arena.control.failNext(10, { status: 503 });
      const firstFails = create(failing, 'Double click');
      await claimed(failing);
      const [c, d] = await Promise.all([firstFails, create(failing, 'Double click')]);
      expect(c.statusCode).toBe(502);
      expect(d.json()).toEqual(c.json());
    } finally {
      emu.arena.control.setLatency(0);
      emu.arena.control.failNext(0, { status: 503 });
    }
  });

  it('a repeat of a create that succeeded (same name, or Retry) replies success and creates nothing', async () => {
    const id = ids[13]!;
    await setStatus(id, 'Pending Transfer');
    expect((await create(id, 'Once')).statusCode).toBe(204);
    const count = emu.arena.state.processes.size;
    expect((await create(id, 'Once')).statusCode).toBe(204);
    expect((await create(id, 'temp')).statusCode).toBe(204);
    expect((await create(id, 'Another name')).statusCode).toBe(409);
    expect(emu.arena.state.processes.size).toBe(count);
  });

  it('lets every role create', async () => {
    for (const [i, role] of (['staff', 'admin', 'super_admin'] as const).entries()) {
      const id = ids[6 + i]!;
      await setStatus(id, 'Pending Transfer');
      expect((await create(id, `By ${role}`, await t.as(role))).statusCode).toBe(204);
    }
  });
});

describe('GET /v1/jotforms/submission/:id/quality-process/preview (the Create dialog)', () => {
  it('lists every field of the template in Arena\'s order, mapped or not, with what it will receive; the name typed fills the title field no mapping fills', async () => {
    const id = ids.at(-1)!;
    const res = await t.request({ method: 'GET', url: `/v1/jotforms/submission/${id}/quality-process/preview?chTitle=${encodeURIComponent('Pen needles bent')}`, headers: member });
    expect(res.statusCode).toBe(200);
    const results = res.json().results as { field: string; step: string; mappingName: string | null; value: string | null; status: string; required: boolean }[];
    // The emulated template's fields, step by step (Complaint Intake, Evaluation, Investigation).
    expect(results.map((r) => r.field)).toEqual([
      'Complaint Title', 'Become Aware Date', 'Complainant Name', 'Complainant Email', 'Complaint Description',
      'Reportable?', 'Product', 'Lot Number', 'Event Date', 'Symptoms', 'Units Affected',
      'Investigation Summary', 'Root Cause',
    ]);
    const shown = Object.fromEntries(results.map((r) => [r.field, r]));
    expect(shown['Complaint Title']).toMatchObject({ mappingName: null, value: 'Pen needles bent', status: 'filled', step: 'Complaint Intake', required: true });
    expect(shown['Symptoms']).toMatchObject({ mappingName: 'Symptoms', value: 'Pain, Rash', status: 'filled' });
    for (const field of ['Reportable?', 'Product', 'Event Date', 'Complainant Email', 'Root Cause']) {
      expect(shown[field], field).toMatchObject({ mappingName: null, value: null, status: 'not_mapped' });
    }
    expect(results.filter((r) => r.status === 'filled').map((r) => r.field)).toEqual(['Complaint Title', 'Become Aware Date', 'Complainant Name', 'Symptoms']);
  });

  it('without a name typed, the title field shows the stored title, else that it stays blank', async () => {
    const id = ids.at(-1)!;
    const res = await t.request({ method: 'GET', url: `/v1/jotforms/submission/${id}/quality-process/preview`, headers: member });
    const title = (res.json().results as { field: string }[]).find((r) => r.field === 'Complaint Title');
    expect(title).toMatchObject({ mappingName: null, value: null, status: 'blank' });
  });
});

describe('GET /v1/arena/quality-process-step/:id', () => {
  it('replies 409 without a quality process and 404 for an unknown submission', async () => {
    const res = await steps(ids[10]!);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'conflict', message: 'This submission has no quality process yet.' });
    expect((await steps('CH-999999')).statusCode).toBe(404);
  });

  it('replies 502 with Arena’s reason when Arena fails', async () => {
    emu.arena.control.failNext(1, { status: 503 });
    const res = await steps(ids[0]!);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^Arena is unavailable: /);
  });
});

describe('without Arena', () => {
  it('replies 502 "Arena is not configured." and changes nothing', async () => {
    const bare = await createTestApp();
    try {
      const headers = await bare.as('member');
      for (const [method, url] of [['GET', '/v1/arena/template/step'], ['GET', '/v1/arena/quality-process-step/x'], ['PATCH', '/v1/jotforms/submission/x/quality-process']] as const) {
        const res = await bare.request({ method, url, headers, ...(method === 'PATCH' ? { payload: { chTitle: 'T' } } : {}) });
        expect(res.statusCode, url).toBe(502);
        expect(res.json()).toEqual({ code: 'upstream_failed', message: 'Arena is not configured.' });
      }
    } finally {
      await bare.close();
    }
  });
});
