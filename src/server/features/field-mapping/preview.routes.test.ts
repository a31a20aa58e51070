import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulators, startEmulators } from '../../../../tests/support/emulators.ts';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';
import { auditEvents, submissions } from '../../db/schema/index.ts';
import { ATTRIBUTE_GUIDS } from '../../emulators/arena/index.ts';
import { DEMO_QID } from '../../emulators/jotform/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import { zonedDate } from '../../lib/time-zone.ts';

const clock = fixedClock('2025-06-15T16:00:00.000Z');
let emu: Emulators;
let t: TestApp;
let admin: Record<string, string>;
let staff: Record<string, string>;
/** A submission whose Lot Number question was left empty, and its product answer. */
let id: string;
let product: string;

const mappings = [
  { arenaFieldGUID: ATTRIBUTE_GUIDS.product, name: 'Product', formFieldQID: [{ qid: DEMO_QID.product, answer: 'prettyFormat' }] },
  { arenaFieldGUID: ATTRIBUTE_GUIDS.rootCause, name: 'Lot', formFieldQID: [{ qid: DEMO_QID.lotNumber }] },
  { arenaFieldGUID: ATTRIBUTE_GUIDS.becomeAwareDate, name: 'Aware', formFieldQID: [{ qid: 'portal.becomeAwareDate' }] },
  { arenaFieldGUID: ATTRIBUTE_GUIDS.reportable, name: 'Reportable', formFieldQID: [{ qid: 'portal.decision', preprocessingFunctions: ['yesNo'] }] },
  { arenaFieldGUID: ATTRIBUTE_GUIDS.complaintTitle, name: 'Title', formFieldQID: [{ qid: 'portal.chTitle' }] },
];
const preview = (payload: object, headers = admin) => t.request({ method: 'POST', url: '/v1/field-mapping/preview', headers, payload });
const dialogPreview = (chTitle: string, headers = staff) =>
  t.request({ method: 'GET', url: `/v1/jotforms/submission/${id}/quality-process/preview?chTitle=${encodeURIComponent(chTitle)}`, headers });
const byField = (results: { field: string }[]) => Object.fromEntries(results.map((r) => [r.field, r]));

beforeAll(async () => {
  emu = await startEmulators({ clock });
  t = await createTestApp({ clock, deps: emu.deps });
  [admin, staff] = await Promise.all([t.as('admin'), t.as('staff')]);
  await t.app.services.sync.syncOnce();
  const rows = await t.database.db.select().from(submissions).orderBy(submissions.id);
  const answerOf = (r: (typeof rows)[number], qid: string) => (r.answers as Record<string, { answer?: unknown }>)[qid]?.answer;
  const row = rows.find((r) => !answerOf(r, DEMO_QID.lotNumber) && typeof answerOf(r, DEMO_QID.product) === 'string')!;
  id = row.id;
  product = answerOf(row, DEMO_QID.product) as string;
  for (const payload of mappings) expect((await t.request({ method: 'POST', url: '/v1/field-mapping', headers: admin, payload })).statusCode).toBe(201);
});
afterAll(async () => {
  await t.close();
  await emu.close();
});

describe('previews of the values a submission gives Arena', () => {
  it('shows each field its value: a dropdown read from prettyFormat gives its answer, portal facts are sources, an empty answer is flagged blank', async () => {
    const res = await preview({ submissionId: id });
    expect(res.statusCode).toBe(200);
    const row = (await t.database.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
    const shown = byField(res.json().results);
    expect(shown['Product']).toEqual({ mappingName: 'Product', arenaFieldGUID: ATTRIBUTE_GUIDS.product, field: 'Product', step: 'Evaluation', required: false, value: product, text: product, status: 'filled' });
    expect(shown['Root Cause']).toMatchObject({ mappingName: 'Lot', value: null, status: 'blank' });
    // A date as Arena keeps it: the calendar day.
    expect(shown['Become Aware Date']).toMatchObject({ value: row.becomeAwareDate, status: 'filled' });
    // Undecided: nothing is claimed.
    expect(shown['Reportable?']).toMatchObject({ value: null, status: 'blank' });
  });

  it('follows the reportability decision and previews an unsaved mapping in place of the saved one', async () => {
    await t.database.db.update(submissions).set({ reportingDecision: 'not_reportable' }).where(eq(submissions.id, id));
    const saved = (await t.request({ method: 'GET', url: '/v1/field-mapping', headers: admin })).json().results as { _id: string; name: string }[];
    const lot = saved.find((m) => m.name === 'Lot')!;
    const draft = { id: lot._id, mapping: { arenaFieldGUID: ATTRIBUTE_GUIDS.rootCause, name: 'Lot', predefined: true, predefinedValue: 'Unknown' } };
    const shown = byField((await preview({ submissionId: id, draft })).json().results);
    expect(shown['Reportable?']).toMatchObject({ value: 'No', status: 'filled' });
    expect(shown['Root Cause']).toMatchObject({ value: 'Unknown', status: 'filled' });
    expect(Object.keys(shown)).toHaveLength(mappings.length);
  });

  it('replies to the Create Quality Process dialog with the title being typed, to staff; the mapping screen’s preview is for admins', async () => {
    const res = await dialogPreview('Pump alarm');
    expect(res.statusCode).toBe(200);
    expect(byField(res.json().results)['Complaint Title']).toMatchObject({ value: 'Pump alarm', status: 'filled' });
    expect((await preview({ submissionId: id }, staff)).statusCode).toBe(403);
    expect((await preview({ submissionId: 'nope' })).statusCode).toBe(404);
  });

  it('puts the preview on the record as a read of the submission: once in 10 minutes for one admin, whatever drafts are previewed meanwhile', async () => {
    const views = async () => (await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'viewed'))).orderBy(auditEvents.id)).map((e) => [e.actorEmail, e.after]);
    const before = await views();
    clock.advance(11 * 60_000);
    expect((await preview({ submissionId: id })).statusCode).toBe(200);
    const draft = { id: null, mapping: { ...mappings[0]!, name: 'Product again' } };
    expect((await preview({ submissionId: id, draft })).statusCode).toBe(200);
    const after = await views();
    expect(after.slice(before.length)).toEqual([[expect.stringMatching(/^admin/), { read: 'field mapping preview' }]]);
    clock.advance(11 * 60_000);
    expect((await preview({ submissionId: id, draft })).statusCode).toBe(200);
    expect(await views()).toHaveLength(after.length + 1);
  });

  it('the Create dialog’s preview is a read of the submission too: one entry for all the titles typed', async () => {
    const views = async () => (await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'viewed'))).orderBy(auditEvents.id)).map((e) => [e.actorEmail, e.after]);
    // Someone who has not read it yet.
    const u = await t.createUser('staff');
    const headers = { authorization: `Bearer ${(await t.login(u.email, u.password)).access}` };
    const before = await views();
    for (const title of ['C', 'Co', 'Complaint']) expect((await dialogPreview(title, headers)).statusCode).toBe(200);
    expect((await views()).slice(before.length)).toEqual([[u.email, { read: 'quality process preview' }]]);
  });

  it('sends what the preview showed, and reports the blank field as skipped', async () => {
    const shown = (await dialogPreview('Lot-less complaint')).json().results as { arenaFieldGUID: string; field: string; value: string | null; status: string }[];
    await t.database.db.update(submissions).set({ submissionStatus: 'Pending Transfer' }).where(eq(submissions.id, id));
    expect((await t.request({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/quality-process`, headers: staff, payload: { chTitle: 'Lot-less complaint' } })).statusCode).toBe(204);
    const [event] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'quality process created')));
    expect(event?.after).toMatchObject({ skipped: ['Root Cause'] });
    expect((event?.after as { fields: string[] }).fields.sort()).toEqual(['Become Aware Date', 'Complaint Title', 'Product', 'Reportable?']);
    const { arenaGuid } = (await t.database.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
    const sent = new Map(emu.arena.state.processes.get(arenaGuid!)!.steps.flatMap((s) => s.attributes.map((a) => [a.guid, a.value] as const)));
    // Arena keeps a date as its Pacific calendar day (docs/features/outside-systems.md).
    const kept = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? zonedDate(new Date(v), 'America/Los_Angeles') : v);
    for (const v of shown.filter((s) => s.status === 'filled')) expect(kept(sent.get(v.arenaFieldGUID)), v.field).toBe(v.value);
  });
});

describe('saving a mapping', () => {
  it('writes no audit entry when nothing changed', async () => {
    const [mapping] = (await t.request({ method: 'GET', url: '/v1/field-mapping', headers: admin })).json().results as Record<string, unknown>[];
    const { _id, updatedAt, ...body } = mapping!;
    clock.advance(60_000);
    const res = await t.request({ method: 'PUT', url: `/v1/field-mapping/${String(_id)}`, headers: admin, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json().updatedAt).toBe(updatedAt);
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, String(_id)));
    expect(events.map((e) => e.action)).toEqual(['create']);
  });
});
