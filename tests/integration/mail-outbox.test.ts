import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_MAX_ATTEMPTS } from '#shared/contract/mail';
import { createMailer } from '../../src/server/connectors/mail/mailer.ts';
import { auditEvents, emailConfigs, mailOutbox, submissions, systemLogs } from '../../src/server/db/schema/index.ts';
import { createMailRepo } from '../../src/server/features/mail/mail.repo.ts';
import { createMailWorker, retryDelayMs } from '../../src/server/features/mail/mail.worker.ts';
import { fixedClock } from '../../src/server/lib/clock.ts';
import { type Emulators, startEmulators } from '../support/emulators.ts';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';

const clock = fixedClock('2025-06-15T16:00:00.000Z');
let refusal: string | null = null;
let sink: SmtpSink;
let emu: Emulators;
let t: TestApp;
let ids: string[];
let next = 0;

// Signed in afresh each time: the tests move the clock by hours.
const staff = () => t.as('staff');
const admin = () => t.as('admin');
const send = async (id: string) => t.request({ method: 'POST', url: `/v1/jotforms/submission/${id}/send-email-recipient`, headers: await staff() });
const markDelivered = async (id: string) => t.request({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/mark-email-delivered`, headers: await staff(), payload: { emailDelivered: true } });
const outbox = () => t.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
const worker = () => t.app.services.mailWorker;
const freshId = () => ids[next++]!;

beforeAll(async () => {
  sink = await startSmtpSink({ refuse: () => refusal });
  emu = await startEmulators({ clock });
  t = await createTestApp({ clock, env: { SMTP_URL: sink.url(), PUBLIC_URL: 'https://portal.example.org' }, deps: emu.deps });
  await t.app.services.sync.syncOnce();
  ids = (await t.database.db.select({ id: submissions.id }).from(submissions).orderBy(submissions.id)).map((r) => r.id);
  await t.database.db.insert(emailConfigs).values({ id: randomUUID(), email: 'quality@example.org', active: true });
});
afterAll(async () => {
  await t.close();
  await emu.close();
  await sink.stop();
});
beforeEach(() => {
  refusal = null;
});

describe('the mail outbox and its worker', () => {
  it('SMTP down: marking delivered queues the mail; once SMTP is back the worker sends it', async () => {
    const id = freshId();
    await sink.stop();
    try {
      const [marked, queued] = await Promise.all([markDelivered(id), send(id)]);
      expect(marked.statusCode).toBe(200);
      expect(queued.statusCode, queued.body).toBe(200);
      expect(queued.json()).toMatchObject({ recipients: 1, status: 'queued' });
      await worker().runOnce();
      const [failedOnce] = await outbox();
      expect(failedOnce).toMatchObject({ status: 'queued', attempts: 1, submissionId: id });
      expect(failedOnce!.error).toMatch(/ECONNREFUSED/);
      expect(failedOnce!.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 60_000);
    } finally {
      await sink.start();
    }
    // Not due yet: the worker leaves it alone.
    await worker().runOnce();
    expect(sink.received).toHaveLength(0);
    clock.advance(60_000);
    await worker().runOnce();
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]).toMatchObject({ to: ['quality@example.org'] });
    expect(sink.received[0]!.raw).toMatch(new RegExp(`^Subject: Submission ${id} delivered`, 'm'));
    expect((await outbox()).map((m) => [m.status, m.attempts, m.error])).toEqual([['sent', 2, null]]);
    const logged = await t.database.db.select().from(systemLogs).where(eq(systemLogs.label, 'success'));
    expect(logged.map((l) => l.description)).toContain(`E-mail about submission ${id} sent to 1 recipient(s)`);
  });

  it('send-email-recipient queues once per submission: repeated and concurrent calls reply with what was queued', async () => {
    const id = freshId();
    const replies = await Promise.all([send(id), send(id), send(id)]);
    expect(replies.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const mails = (await outbox()).filter((m) => m.submissionId === id);
    expect(mails).toHaveLength(1);
    expect(new Set(replies.map((a) => a.json().mailId))).toEqual(new Set([mails[0]!.id]));
    expect((await send(id)).json()).toMatchObject({ mailId: mails[0]!.id, message: 'The email about this submission was already queued' });
    await worker().runOnce();
    expect(sink.received.filter((m) => m.raw.includes(`Submission ${id} delivered`))).toHaveLength(1);
    // Sent already: a repeat still mails nobody.
    await send(id);
    await worker().runOnce();
    expect(sink.received.filter((m) => m.raw.includes(`Submission ${id} delivered`))).toHaveLength(1);
    const audits = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(audits.filter((a) => a.action === 'email queued')).toHaveLength(1);
  });

  it('mark-email-delivered only flips its flag: it queues nothing', async () => {
    const id = freshId();
    expect((await markDelivered(id)).statusCode).toBe(200);
    expect((await outbox()).filter((m) => m.submissionId === id)).toEqual([]);
  });

  it(`retries with backoff 1, 2, 4 … minutes capped at an hour, and fails after ${MAIL_MAX_ATTEMPTS} attempts`, async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelayMs)).toEqual([1, 2, 4, 8, 16, 32, 60, 60].map((m) => m * 60_000));
    const id = freshId();
    refusal = 'Mailbox unavailable';
    await send(id);
    const row = async () => (await outbox()).find((m) => m.submissionId === id)!;
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      await worker().runOnce();
      const now = await row();
      expect(now.attempts).toBe(attempt);
      expect(now.error).toContain('Mailbox unavailable');
      if (attempt < MAIL_MAX_ATTEMPTS) {
        expect(now.status).toBe('queued');
        expect(now.nextAttemptAt.getTime() - clock.now().getTime()).toBe(retryDelayMs(attempt));
        clock.advance(retryDelayMs(attempt));
      }
    }
    expect((await row()).status).toBe('failed');
    const errors = await t.database.db.select().from(systemLogs).where(eq(systemLogs.label, 'error'));
    expect(errors.map((e) => e.description)).toContainEqual(expect.stringMatching(new RegExp(`^E-mail about submission ${id} failed after ${MAIL_MAX_ATTEMPTS} attempts: .*Mailbox unavailable`)));
  });

  it('two workers on one database deliver each message once', async () => {
    const queued = [freshId(), freshId(), freshId(), freshId()];
    for (const id of queued) await send(id);
    const before = sink.received.length;
    const second = createMailWorker({ repo: createMailRepo(t.database.db), mailer: createMailer({ from: 'other@example.org', smtpUrl: sink.url() }), clock, log: t.app.services.log });
    await Promise.all([worker().runOnce(), second.runOnce(), worker().runOnce(), second.runOnce()]);
    expect(sink.received.length - before).toBe(queued.length);
    const rows = (await outbox()).filter((m) => queued.includes(m.submissionId!));
    expect(rows.map((m) => [m.status, m.attempts])).toEqual(queued.map(() => ['sent', 1]));
  });

  it('a claim whose worker died expires, and the message is delivered by another', async () => {
    const id = freshId();
    await send(id);
    const repo = createMailRepo(t.database.db);
    const [claimed] = await repo.claimDue(clock.now(), new Date(clock.now().getTime() + 5 * 60_000), 10);
    expect(claimed?.submissionId).toBe(id);
    await worker().runOnce();
    expect((await outbox()).find((m) => m.submissionId === id)!.status).toBe('queued');
    clock.advance(5 * 60_000 + 1);
    await worker().runOnce();
    expect((await outbox()).find((m) => m.submissionId === id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('GET /v1/mail lists every message for admins, newest first, in the list envelope', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/mail?limit=2', headers: await admin() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const all = await outbox();
    expect(body).toMatchObject({ page: 1, limit: 2, totalResults: all.length, totalPages: Math.ceil(all.length / 2) });
    expect(body.results).toHaveLength(2);
    expect(Object.keys(body.results[0]).sort()).toEqual(['attempts', 'createdAt', 'createdBy', 'error', 'id', 'kind', 'nextAttemptAt', 'resendOf', 'sentAt', 'status', 'subject', 'submissionId', 'to']);
    const failed = await t.request({ method: 'GET', url: '/v1/mail?status=failed', headers: await admin() });
    expect(failed.json().results.map((m: { status: string }) => m.status)).toEqual(['failed']);
    expect((await t.request({ method: 'GET', url: '/v1/mail', headers: await staff() })).statusCode).toBe(403);
  });

  it('Resend (admins) is the only way to mail a submission again: a new message to the active recipients', async () => {
    const [failed] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'failed'));
    const res = await t.request({ method: 'POST', url: `/v1/mail/${failed!.id}/resend`, headers: await admin() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().results).toMatchObject({ status: 'queued', resendOf: failed!.id, submissionId: failed!.submissionId, to: ['quality@example.org'], attempts: 0 });
    await worker().runOnce();
    expect((await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, res.json().results.id)))[0]).toMatchObject({ status: 'sent' });
    expect((await t.request({ method: 'POST', url: `/v1/mail/${failed!.id}/resend`, headers: await staff() })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `/v1/mail/${randomUUID()}/resend`, headers: await admin() })).statusCode).toBe(404);
  });


  it('GET …/submission/:id/mail shows every role the submission’s mail status and the active recipients, without addresses', async () => {
    const [failed] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'failed'));
    const res = await t.request({ method: 'GET', url: `/v1/jotforms/submission/${failed!.submissionId}/mail`, headers: await t.as('member') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.activeRecipients).toBe(1);
    expect(body.results.map((m: { status: string }) => m.status)).toEqual(['sent', 'failed']);
    expect(JSON.stringify(body)).not.toContain('quality@example.org');
    expect(body.results[0]).toMatchObject({ recipients: 1, resendOf: failed!.id });
    expect((await t.request({ method: 'GET', url: '/v1/jotforms/submission/6000000000000000000/mail', headers: await staff() })).statusCode).toBe(404);
  });

  it('Resend names its addressees first and goes to those only: a delivered notice to the active recipients, another message to whom it went', async () => {
    const [failed] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'failed'));
    const shown = await t.request({ method: 'GET', url: `/v1/mail/${failed!.id}/resend`, headers: await admin() });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({ to: ['quality@example.org'], basis: 'active_recipients' });
    // Confirmed with other addressees than it would use now (the recipients changed meanwhile): nothing is queued.
    const before = (await outbox()).length;
    const stale = await t.request({ method: 'POST', url: `/v1/mail/${failed!.id}/resend`, headers: await admin(), payload: { to: ['someone-else@example.org'] } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/would now go to quality@example\.org/);
    expect((await outbox()).length).toBe(before);
    const ok = await t.request({ method: 'POST', url: `/v1/mail/${failed!.id}/resend`, headers: await admin(), payload: { to: ['Quality@example.org'] } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().results.to).toEqual(['quality@example.org']);
    // An assignment goes again to its one addressee, and says so.
    const [assignment] = await t.database.db
      .insert(mailOutbox)
      .values({ id: randomUUID(), kind: 'assignment', to: ['owner@example.org'], subject: 'Assigned to you', text: 'x', status: 'stored', dedupeKey: `assign-${randomUUID()}` })
      .returning();
    const addressees = await t.request({ method: 'GET', url: `/v1/mail/${assignment!.id}/resend`, headers: await admin() });
    expect(addressees.json()).toEqual({ to: ['owner@example.org'], basis: 'same_addressees' });
    expect((await t.request({ method: 'GET', url: `/v1/mail/${assignment!.id}/resend`, headers: await staff() })).statusCode).toBe(403);
  });

  it('with no active recipient, send-email-recipient is 409 and queues nothing, and the status says so', async () => {
    await t.database.db.update(emailConfigs).set({ active: false });
    try {
      const id = freshId();
      const res = await send(id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('No active notification recipients are configured. Add one under Configurations → Config.');
      expect((await outbox()).filter((m) => m.submissionId === id)).toEqual([]);
      expect((await t.request({ method: 'GET', url: `/v1/jotforms/submission/${id}/mail`, headers: await staff() })).json()).toEqual({ activeRecipients: 0, results: [] });
    } finally {
      await t.database.db.update(emailConfigs).set({ active: true });
    }
  });
});
