import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulators, startEmulators } from '../../../tests/support/emulators.ts';
import { type TestApp, createTestApp, testConfig } from '../../../tests/support/test-app.ts';
import { auditEvents, emailConfigs, submissions } from '../db/schema/index.ts';
import { ARENA_EMULATOR_TEMPLATE_GUID } from '../emulators/arena/index.ts';
import { DEMO_WORKFLOW } from '../emulators/jotform/index.ts';
import { systemClock } from '../lib/clock.ts';
import { connectOutside } from '../outside/index.ts';
import { DEMO_ACTOR, DEMO_MAPPINGS, DEMO_RECIPIENT, applyDemoWorkflow, seedDemoConfiguration } from './index.ts';

describe('sandbox demo seeding', () => {
  let emu: Emulators;
  let t: TestApp;
  beforeAll(async () => {
    emu = await startEmulators();
    t = await createTestApp({ deps: emu.deps });
    t.app.services.sync.onInserted(async (ids) => {
      await seedDemoConfiguration(t.app.services);
      await applyDemoWorkflow({ services: t.app.services, arena: emu.arena.control }, ids);
    });
    await t.app.services.sync.syncOnce();
  });
  afterAll(async () => {
    await t.close();
    await emu.close();
  });

  it('transfers the demo rows shown as transferred through the real path: their CH numbers exist in Arena', async () => {
    const rows = await t.database.db.select().from(submissions).where(eq(submissions.submissionStatus, 'Successful Transfer'));
    const expected = Object.entries(DEMO_WORKFLOW).filter(([, w]) => w.submissionStatus === 'Successful Transfer');
    expect(rows.map((r) => r.id).sort()).toEqual(expected.map(([id]) => id).sort());
    const numbers = new Set([...emu.arena.state.processes.values()].map((p) => p.number));
    for (const r of rows) {
      expect(numbers.has(r.chNumber!), r.id).toBe(true);
      expect(r.chTitle).toBe(DEMO_WORKFLOW[r.id]?.chTitle);
    }
    expect(emu.arena.state.processes.size).toBe(expected.length);
  });

  it('leaves the rows shown as Transfer Error failed by Arena itself, with Arena’s reason', async () => {
    for (const [id, w] of Object.entries(DEMO_WORKFLOW).filter(([, w]) => w.submissionStatus === 'Transfer Error')) {
      const [row] = await t.database.db.select().from(submissions).where(eq(submissions.id, id));
      expect(row?.submissionStatus, id).toBe('Transfer Error');
      expect(row?.chNumber).toBeNull();
      if (w.transferFailure?.message) expect(row?.transferError).toContain(w.transferFailure.message);
      else expect(row?.transferError).toBeTruthy();
    }
  });

  it('makes every demo change through the services, audited as the demo reviewer', async () => {
    const [denied] = Object.entries(DEMO_WORKFLOW).find(([, w]) => w.submissionStatus === 'Denied')!;
    const trail = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.entity, 'submission'), eq(auditEvents.entityId, denied)));
    expect(trail.map((e) => [e.action, e.actorEmail])).toContainEqual(['deny', DEMO_ACTOR.email]);
    const [row] = await t.database.db.select().from(submissions).where(eq(submissions.id, denied));
    expect(row).toMatchObject({ submissionStatus: 'Denied', denyReason: DEMO_WORKFLOW[denied]!.denyReason, reviewedBy: DEMO_ACTOR.email });
  });

  it('seeds the demo mappings and a new installation’s defaults, so a demo submission’s steps show mapped values at once', async () => {
    const admin = await t.as('admin');
    const mappings = (await t.request({ method: 'GET', url: '/v1/field-mapping', headers: admin })).json().results as { name: string }[];
    expect(mappings.map((m) => m.name).sort()).toEqual([...DEMO_MAPPINGS.map((m) => m.name), 'Reportability decision', 'Product', 'Lot number'].sort());
    const [transferred] = await t.database.db.select().from(submissions).where(eq(submissions.submissionStatus, 'Successful Transfer')).limit(1);
    const res = await t.request({ method: 'GET', url: `/v1/arena/quality-process-step/${transferred!.chNumber}`, headers: await t.as('member') });
    const intake = Object.fromEntries((res.json().results[0].attributes as { name: string; value: string }[]).map((a) => [a.name, a.value]));
    expect(intake).toMatchObject({ 'Complainant Name': transferred!.submitter, 'Become Aware Date': transferred!.becomeAwareDate });
    expect(intake['Complainant Email']).toMatch(/@/);
    expect(intake['Complaint Description']?.length).toBeGreaterThan(20);
  });

  it('names the demo form’s product and lot questions, so every demo submission carries them', async () => {
    const admin = await t.as('admin');
    const named = (await t.request({ method: 'GET', url: '/v1/field-mapping/complaint-fields', headers: admin })).json();
    expect(named.results).toEqual({ product: '11', model: null, lot: '12', udi: null });
    const rows = await t.database.db.select().from(submissions);
    // The demo form requires a product; its answer is the column, row by row.
    for (const r of rows) expect(r.product, r.id).toBe(r.answers['11']?.answer ?? null);
    expect(rows.filter((r) => r.lot !== null).length).toBeGreaterThan(0);
  });

  it('seeds one active demo recipient, so marking delivered mails someone out of the box', async () => {
    expect((await t.database.db.select().from(emailConfigs)).map((r) => [r.email, r.active])).toEqual([[DEMO_RECIPIENT, true]]);
    const res = await t.request({ method: 'GET', url: `/v1/jotforms/submission/${[...emu.jotform.state.submissions.keys()][0]}/mail`, headers: await t.as('staff') });
    expect(res.json()).toMatchObject({ activeRecipients: 1 });
  });

  it('seeds no recipient and no mapping when the portal already has its own', async () => {
    const other = await createTestApp({ deps: emu.deps });
    try {
      const admin = await other.as('admin');
      await other.request({ method: 'POST', url: '/v1/email-configs', headers: admin, payload: { email: 'own@example.org' } });
      await seedDemoConfiguration(other.app.services);
      expect((await other.database.db.select().from(emailConfigs)).map((r) => r.email)).toEqual(['own@example.org']);
    } finally {
      await other.close();
    }
  });

  it('keeps the other demo states as the fixtures say', async () => {
    const rows = await t.database.db.select().from(submissions);
    for (const r of rows) {
      const w = DEMO_WORKFLOW[r.id];
      if (!w) continue;
      expect({ id: r.id, status: r.submissionStatus, reportable: r.reportable, delivered: r.emailDelivered, followup: r.followup }).toEqual({
        id: r.id,
        status: w.submissionStatus,
        reportable: w.reportable,
        delivered: w.emailDelivered,
        followup: w.followup ?? null,
      });
    }
  });
});

describe('sandbox emulators keep their state in DATA_DIR', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qp-sandbox-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const connect = () => connectOutside(testConfig({ DATA_DIR: dataDir }), systemClock, pino({ level: 'silent' }));

  it('a restart keeps quality processes, their numbering, added questions and submissions', async () => {
    const first = await connect();
    const { arena, jotform } = first.outside;
    const created = await arena!.createQualityProcess({ name: 'Kept', templateGuid: ARENA_EMULATOR_TEMPLATE_GUID });
    await jotform.addQuestions(first.formId, [{ type: 'control_textbox', text: 'Batch number', order: 30 }]);
    const before = (await jotform.getSubmissions(first.formId, { limit: 1000 })).submissions.length;
    await first.close();

    const second = await connect();
    try {
      const again = second.outside;
      expect((await again.arena!.getQualityProcess(created.guid)).number).toBe(created.number);
      const next = await again.arena!.createQualityProcess({ name: 'Next', templateGuid: ARENA_EMULATOR_TEMPLATE_GUID });
      expect(Number(next.number.slice(3))).toBe(Number(created.number.slice(3)) + 1);
      expect((await again.jotform.getQuestions(second.formId)).map((q) => q.text)).toContain('Batch number');
      expect((await again.jotform.getSubmissions(second.formId, { limit: 1000 })).submissions).toHaveLength(before);
    } finally {
      await second.close();
    }
  });
});
