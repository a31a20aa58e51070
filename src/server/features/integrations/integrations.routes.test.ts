import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulators, startEmulators } from '../../../../tests/support/emulators.ts';
import { type SmtpSink, startSmtpSink } from '../../../../tests/support/smtp-sink.ts';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';
import { emailConfigs, submissions } from '../../db/schema/index.ts';
import { fixedClock } from '../../lib/clock.ts';

const clock = fixedClock('2025-06-15T16:00:00.000Z');
let emu: Emulators;
let sink: SmtpSink;
let t: TestApp;
const status = async (role: 'admin' | 'super_admin' = 'admin') => t.request({ method: 'GET', url: '/v1/integrations', headers: await t.as(role) });

beforeAll(async () => {
  sink = await startSmtpSink();
  emu = await startEmulators({ clock });
  t = await createTestApp({ clock, env: { SMTP_URL: sink.url() }, deps: emu.deps });
});
afterAll(async () => {
  await t.close();
  await emu.close();
  await sink.stop();
});

describe('GET /v1/integrations', () => {
  it('before anything ran: no poll yet, Arena not checked, an empty mail queue', async () => {
    const res = await status();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mode: 'sandbox',
      jotform: {
        formId: emu.jotform.formId,
        lastSync: null,
        callsLeftToday: null,
        updatedAtFilter: 'unknown',
        dailyLimit: null,
        // Midnight US Eastern (EDT in June) after the clock's 16:00 UTC.
        resetsAt: '2025-06-16T04:00:00.000Z',
        quotaShare: 0.5,
        callsToday: 0,
        pollIntervalSeconds: null,
        callsPerPoll: null,
        firstSync: null,
      },
      arena: { configured: true, ok: false, checkedAt: null, session: 'none', requestsRemaining: null, resetsAt: null, problems: [], changedByArena: [] },
      mail: { delivery: 'smtp', queued: 0, failed: 0, lastError: null, lastErrorAt: null },
    });
  });

  it('after a poll and an Arena check: the rows the poll brought, JotForm’s calls left, Arena’s session and quota', async () => {
    await t.app.services.sync.syncOnce();
    await t.app.services.arenaHealth!.check();
    const body = (await status('super_admin')).json();
    expect(body.jotform).toMatchObject({ lastSync: { at: clock.now().toISOString(), outcome: 'ok', inserted: 34, updated: 0, error: null }, updatedAtFilter: 'honoured' });
    expect(body.jotform.callsLeftToday).toBe(emu.jotform.state.limitLeft);
    // The emulator's 10,000 a day is learned from its limit-left; the first sync imported every submission.
    expect(body.jotform).toMatchObject({ dailyLimit: 10_000, callsToday: 10_000 - emu.jotform.state.limitLeft, callsPerPoll: 3, pollIntervalSeconds: expect.any(Number) });
    expect(body.jotform.firstSync).toEqual({ imported: 34, total: 34, done: true, calls: 1, startedAt: clock.now().toISOString(), doneAt: clock.now().toISOString(), secondsLeft: null });
    expect(body.arena).toMatchObject({ configured: true, ok: true, checkedAt: clock.now().toISOString(), session: 'active', problems: [] });
    expect(body.arena.requestsRemaining).toEqual(expect.any(Number));
  });

  it('shows a JotForm outage in words', async () => {
    emu.jotform.failNext(10, 503);
    await expect(t.app.services.sync.syncOnce()).rejects.toThrow();
    const { lastSync } = (await status()).json().jotform;
    expect(lastSync).toMatchObject({ outcome: 'failed', inserted: 0, updated: 0 });
    expect(lastSync.error).toMatch(/JotForm/);
  });

  it('counts mail waiting for a retry and shows the delivery error in words', async () => {
    await t.database.db.insert(emailConfigs).values({ id: randomUUID(), email: 'quality@example.org', active: true });
    const [row] = await t.database.db.select({ id: submissions.id }).from(submissions).limit(1);
    await sink.stop();
    try {
      const sent = await t.request({ method: 'POST', url: `/v1/jotforms/submission/${row!.id}/send-email-recipient`, headers: await t.as('staff') });
      expect(sent.statusCode).toBe(200);
      await t.app.services.mailWorker.runOnce();
      const { mail } = (await status()).json();
      expect(mail).toMatchObject({ delivery: 'smtp', queued: 1, failed: 0, lastErrorAt: clock.now().toISOString() });
      expect(mail.lastError).toMatch(/ECONNREFUSED/);
    } finally {
      sink = await startSmtpSink();
    }
  });

  it('is for admins: staff and members get 403', async () => {
    for (const role of ['staff', 'member'] as const) {
      expect((await t.request({ method: 'GET', url: '/v1/integrations', headers: await t.as(role) })).statusCode).toBe(403);
    }
  });
});
