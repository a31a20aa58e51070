import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, emailConfigs, mailOutbox, submissions } from '../../src/server/db/schema/index.ts';
import { DEMO_FORM_ID, DEMO_QID } from '../../src/server/emulators/jotform/fixtures.ts';
import { demoSubmissionId } from '../../src/server/emulators/jotform/fixtures-submissions.ts';
import { jotformSyncSuite } from '../../src/server/features/submissions/submissions.sync.test-support.ts';

// The demo rows whose scenario answers yes to a screening question (read from the demo data by hand):
// the infusion pump (malfunction: rows 0 and 17), the knee brace (injury and malfunction: rows 7 and 18),
// the walker (injury and malfunction: rows 16 and 30).
const FLAGGED = [0, 7, 16, 17, 18, 30].map(demoSubmissionId).sort();
const SCREENING = { death: DEMO_QID.died, injury: DEMO_QID.injured, malfunction: DEMO_QID.malfunctioned };

describe('Triage at intake: screening questions, the flag, the filter, the card and the mail', () => {
  const s = jotformSyncSuite();
  const put = async (payload: unknown, headers?: Record<string, string>) =>
    s.t.request({ method: 'PUT', url: '/v1/field-mapping/screening-questions', headers: headers ?? (await s.t.as('admin')), payload: payload as Record<string, unknown> });
  const mails = () => s.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'potential_reportable')).orderBy(asc(mailOutbox.submissionId));
  const list = async (query: string) => (await s.t.request({ method: 'GET', url: `/v1/jotforms/${DEMO_FORM_ID}?limit=100&${query}`, headers: s.headers })).json() as { results: { id: string; potentialReportable: boolean }[]; totalResults: number };
  const card = async () => (await s.t.request({ method: 'GET', url: '/v1/dashboard/overview', headers: s.headers })).json().potentialReportable as number;

  it('admins name the screening questions; each kind may be left out, a question serves one kind, other roles may not', async () => {
    const admin = await s.t.as('admin');
    expect((await s.t.request({ method: 'GET', url: '/v1/field-mapping/screening-questions', headers: admin })).json()).toEqual({ death: null, injury: null, malfunction: null, updatedAt: null });
    expect((await put(SCREENING, s.headers)).statusCode).toBe(403);
    const twice = await put({ ...SCREENING, injury: DEMO_QID.died });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('already the death question');
    expect((await put({ ...SCREENING, death: 'the death one' })).statusCode).toBe(400);
    const partial = await put({ death: DEMO_QID.died, injury: null, malfunction: null });
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({ death: DEMO_QID.died, injury: null, malfunction: null });
    const res = await put(SCREENING);
    expect(res.json()).toMatchObject(SCREENING);
    expect((await s.t.request({ method: 'GET', url: '/v1/field-mapping/screening-questions', headers: admin })).json()).toMatchObject({ ...SCREENING, updatedAt: expect.any(String) });
    const entries = await s.t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'update screening questions'));
    expect(entries).toHaveLength(2);
  });

  it('the import flags each submission answering yes and mails the notification recipients at once, as nobody owns them', async () => {
    await s.t.database.db.insert(emailConfigs).values({ id: 'r1', email: 'quality@example.org', active: true });
    await s.sync().syncOnce();
    const flagged = (await s.rows()).filter((r) => r.potentialReportableAt !== null);
    expect(flagged.map((r) => r.id)).toEqual(FLAGGED);
    expect(flagged.find((r) => r.id === demoSubmissionId(7))?.potentialReportableKinds).toEqual(['injury', 'malfunction']);
    expect(flagged.find((r) => r.id === demoSubmissionId(0))?.potentialReportableKinds).toEqual(['malfunction']);
    const sent = await mails();
    expect(sent.map((m) => m.submissionId)).toEqual(FLAGGED);
    for (const m of sent) {
      expect(m.to).toEqual(['quality@example.org']);
      expect(m.subject).toBe(`Potential reportable event: submission ${m.submissionId}`);
      // Identifiers only: the reporter's name stays out of the mail.
      const row = (await s.rowOf(m.submissionId!))!;
      expect(m.text).not.toContain(row.submitter);
      expect(m.text).toContain(`/dashboard/jotforms/submission/${m.submissionId}`);
    }
    expect(sent.find((m) => m.submissionId === demoSubmissionId(7))?.text).toContain('on: serious injury, malfunction.');
    const audit = await s.t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'potential reportable event'), eq(auditEvents.entityId, demoSubmissionId(7))));
    expect(audit.map((e) => e.after)).toEqual([{ screening: ['injury', 'malfunction'] }]);
  });

  it('lists them under triage=potential with the flag, and counts the undecided open ones on the dashboard', async () => {
    const potential = await list('triage=potential');
    expect(potential.totalResults).toBe(FLAGGED.length);
    expect(potential.results.map((r) => r.id).sort()).toEqual(FLAGGED);
    expect(potential.results.every((r) => r.potentialReportable)).toBe(true);
    const all = await list('');
    expect(all.results.filter((r) => r.potentialReportable).map((r) => r.id).sort()).toEqual(FLAGGED);
    expect((await s.t.request({ method: 'GET', url: `/v1/jotforms/${DEMO_FORM_ID}?triage=all`, headers: s.headers })).statusCode).toBe(400);
    expect(await card()).toBe(FLAGGED.length);
    // A decision takes it off the card, not off the filter.
    await s.t.database.db.update(submissions).set({ reportingDecision: 'not_reportable' }).where(eq(submissions.id, FLAGGED[0]!));
    expect(await card()).toBe(FLAGGED.length - 1);
    expect((await list('triage=potential')).totalResults).toBe(FLAGGED.length);
  });

  it('re-syncs and edits mail nobody again; an owned submission that comes to answer yes mails its owner only', async () => {
    const owner = await s.t.createUser('staff', { name: 'Olga Owner' });
    const target = demoSubmissionId(1);
    await s.t.database.db.update(submissions).set({ ownerId: owner.id }).where(eq(submissions.id, target));
    s.clock.advance(60_000);
    // An edit of a flagged one (still yes) and of an owned one that now says someone died.
    s.emulator.editSubmission(FLAGGED[1]!, { notes: 'Edited again' });
    s.emulator.editSubmission(target, { answers: { [DEMO_QID.died]: 'Yes' } });
    expect(await s.sync().syncOnce()).toMatchObject({ updated: 2 });
    await s.sync().syncOnce();
    const sent = await mails();
    expect(sent).toHaveLength(FLAGGED.length + 1);
    const toOwner = sent.filter((m) => m.submissionId === target);
    expect(toOwner.map((m) => m.to)).toEqual([[owner.email]]);
    expect(toOwner[0]!.text).toContain('You own this complaint.');
    expect((await s.rowOf(target))?.potentialReportableKinds).toEqual(['death']);
    // A yes taken back in JotForm leaves the flag: it was raised at intake, and its mail went.
    s.clock.advance(60_000);
    s.emulator.editSubmission(target, { answers: { [DEMO_QID.died]: 'No' } });
    await s.sync().syncOnce();
    expect((await s.rowOf(target))?.potentialReportableAt).not.toBeNull();
    expect(await mails()).toHaveLength(FLAGGED.length + 1);
  });

  it('a new submission answering yes arrives by webhook flagged, mailed once', async () => {
    const { id } = await s.emulator.addSubmission({ [DEMO_QID.died]: 'No', [DEMO_QID.injured]: 'Yes', [DEMO_QID.malfunctioned]: 'No' });
    await s.emulator.settled();
    await s.sync().syncOnce();
    expect((await s.rowOf(id))?.potentialReportableKinds).toEqual(['injury']);
    expect((await mails()).filter((m) => m.submissionId === id)).toHaveLength(1);
  });
});

describe('Triage at intake: submissions stored before the screening questions are named', () => {
  const s = jotformSyncSuite();
  const put = async (payload: unknown) =>
    s.t.request({ method: 'PUT', url: '/v1/field-mapping/screening-questions', headers: await s.t.as('admin'), payload: payload as Record<string, unknown> });

  it('are screened once when the questions are named: flagged with an audit entry naming the admin, and mailed to nobody', async () => {
    await s.t.database.db.insert(emailConfigs).values({ id: 'r1', email: 'quality@example.org', active: true });
    await s.sync().syncOnce();
    expect((await s.rows()).filter((r) => r.potentialReportableAt !== null)).toEqual([]);

    // Death alone: of the demo rows, none answers yes to death, so nothing is flagged yet.
    const deathOnly = await put({ death: DEMO_QID.died, injury: null, malfunction: null });
    expect(deathOnly.statusCode).toBe(200);
    expect(deathOnly.json().screened).toBe(0);

    const res = await put(SCREENING);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...SCREENING, screened: FLAGGED.length });
    const flagged = (await s.rows()).filter((r) => r.potentialReportableAt !== null);
    expect(flagged.map((r) => r.id)).toEqual(FLAGGED);
    expect(flagged.find((r) => r.id === demoSubmissionId(7))?.potentialReportableKinds).toEqual(['injury', 'malfunction']);
    const audit = await s.t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'potential reportable event'), eq(auditEvents.entityId, demoSubmissionId(7))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorEmail).toMatch(/^admin-[0-9a-f]{8}@example\.com$/);
    expect((await s.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'potential_reportable')))).toEqual([]);

    // Saving the same questions again screens nothing and flags nothing twice.
    const again = await put(SCREENING);
    expect(again.json().screened).toBe(0);
    expect(await s.t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'potential reportable event'))).toHaveLength(FLAGGED.length);
  });
});
