import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulators, startEmulators } from '../../tests/support/emulators.ts';
import { type TestApp, createTestApp, testConfig } from '../../tests/support/test-app.ts';
import { emailConfigs, submissions } from './db/schema/index.ts';
import { ARENA_EMULATOR_TEMPLATE_GUID } from './emulators/arena/index.ts';
import { DEMO_WORKFLOW } from './emulators/jotform/index.ts';
import { systemClock } from './lib/clock.ts';
import { DEMO_MAPPINGS, DEMO_RECIPIENT, connectOutside, seedDemoWorkflow } from './sandbox.ts';

describe('sandbox demo seeding', () => {
  let emu: Emulators;
  let t: TestApp;
  beforeAll(async () => {
    emu = await startEmulators();
    t = await createTestApp({ deps: { ...emu.deps, integrations: { ...emu.deps.integrations, onSubmissionsInserted: seedDemoWorkflow } } });
    await t.app.services.sync.syncOnce();
  });
  afterAll(async () => {
    await t.close();
    await emu.close();
  });

  it('transfers the demo rows shown as transferred through the real path: their CH numbers exist in Arena', async () => {
    const rows = await t.database.db.select().from(submissions).where(eq(submissions.submissionStatus, 'Successful Transfer'));
    const expected = Object.values(DEMO_WORKFLOW).filter((w) => w.submissionStatus === 'Successful Transfer');
    expect(rows).toHaveLength(expected.length);
    const numbers = new Set([...emu.arena.state.processes.values()].map((p) => p.number));
    for (const r of rows) {
      expect(numbers.has(r.chNumber!), r.id).toBe(true);
      expect(r.chTitle).toBe(DEMO_WORKFLOW[r.id]?.chTitle);
    }
    expect(emu.arena.state.processes.size).toBe(expected.length);
  });

  it('seeds the demo mappings, so a demo submission’s steps show mapped values at once', async () => {
    const admin = await t.as('admin');
    const mappings = (await t.request({ method: 'GET', url: '/v1/field-mapping', headers: admin })).json().results as { name: string }[];
    expect(mappings.map((m) => m.name).sort()).toEqual(DEMO_MAPPINGS.map((m) => m.name).sort());
    const [transferred] = await t.database.db.select().from(submissions).where(eq(submissions.submissionStatus, 'Successful Transfer')).limit(1);
    const res = await t.request({ method: 'GET', url: `/v1/arena/quality-process-step/${transferred!.chNumber}`, headers: await t.as('member') });
    const intake = Object.fromEntries((res.json().results[0].attributes as { name: string; value: string }[]).map((a) => [a.name, a.value]));
    expect(intake).toMatchObject({ 'Complainant Name': transferred!.submitter, 'Become Aware Date': transferred!.becomeAwareDate });
    expect(intake['Complainant Email']).toMatch(/@/);
    expect(intake['Complaint Description']?.length).toBeGreaterThan(20);
  });

  it('seeds one active demo recipient, so marking delivered mails someone out of the box', async () => {
    expect((await t.database.db.select().from(emailConfigs)).map((r) => [r.email, r.active])).toEqual([[DEMO_RECIPIENT, true]]);
    const res = await t.request({ method: 'GET', url: `/v1/jotforms/submission/${[...emu.jotform.state.submissions.keys()][0]}/mail`, headers: await t.as('staff') });
    expect(res.json()).toMatchObject({ activeRecipients: 1 });
  });

  it('seeds no recipient when the portal already has one', async () => {
    const other = await createTestApp();
    try {
      await other.database.db.insert(emailConfigs).values({ id: 'own', email: 'own@example.org', active: false });
      await seedDemoWorkflow({ db: other.database.db, seedMappings: async () => {}, transfer: async () => {} }, Object.keys(DEMO_WORKFLOW).slice(0, 1));
      expect((await other.database.db.select().from(emailConfigs)).map((r) => r.email)).toEqual(['own@example.org']);
    } finally {
      await other.close();
    }
  });

  it('keeps the other demo states as the fixtures say', async () => {
    const rows = await t.database.db.select().from(submissions);
    for (const r of rows) {
      const w = DEMO_WORKFLOW[r.id];
      if (!w || w.submissionStatus === 'Successful Transfer') continue;
      expect({ id: r.id, status: r.submissionStatus, error: r.transferError, ch: r.chNumber }).toEqual({ id: r.id, status: w.submissionStatus, error: w.transferError ?? null, ch: null });
    }
  });
});

describe('sandbox emulators keep their state in DATA_DIR', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qp-sandbox-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const connect = () => connectOutside(testConfig({ DATA_DIR: dataDir }), systemClock, pino({ level: 'silent' }));

  it('a restart keeps quality processes, their numbering, added questions and submissions', async () => {
    const first = await connect();
    const created = await first.arena!.createQualityProcess({ name: 'Kept', templateGuid: ARENA_EMULATOR_TEMPLATE_GUID });
    await first.jotform.addQuestions(first.formId, [{ type: 'control_textbox', text: 'Batch number', order: 30 }]);
    const before = (await first.jotform.getSubmissions(first.formId, { limit: 1000 })).submissions.length;
    await first.close();

    const second = await connect();
    try {
      expect((await second.arena!.getQualityProcess(created.guid)).number).toBe(created.number);
      const next = await second.arena!.createQualityProcess({ name: 'Next', templateGuid: ARENA_EMULATOR_TEMPLATE_GUID });
      expect(Number(next.number.slice(3))).toBe(Number(created.number.slice(3)) + 1);
      expect((await second.jotform.getQuestions(second.formId)).map((q) => q.text)).toContain('Batch number');
      expect((await second.jotform.getSubmissions(second.formId, { limit: 1000 })).submissions).toHaveLength(before);
    } finally {
      await second.close();
    }
  });
});
