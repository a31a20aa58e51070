import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPROCESSING_FUNCTION_NAMES } from '#shared/contract/field-mapping';
import { type Emulators, startEmulators } from '../../../../tests/support/emulators.ts';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';
import { auditEvents, systemLogs } from '../../db/schema/index.ts';
import { ATTRIBUTE_GUIDS } from '../../emulators/arena/index.ts';
import { DEMO_QID } from '../../emulators/jotform/index.ts';
import { fixedClock } from '../../lib/clock.ts';

const clock = fixedClock('2025-06-15T16:00:00.000Z');
const URL = '/v1/field-mapping';
let emu: Emulators;
let t: TestApp;
let admin: Record<string, string>;

const body = (over: Record<string, unknown> = {}) => ({
  arenaFieldGUID: ATTRIBUTE_GUIDS.complainantName,
  name: 'Complainant Name',
  predefined: false,
  predefinedValue: null,
  concatenate: false,
  concatenateDelimiter: null,
  formFieldQID: [{ qid: DEMO_QID.fullName, answer: 'answer', preprocessingFunctions: ['fullName'] }],
  ...over,
});
const post = (payload: unknown, headers = admin) => t.request({ method: 'POST', url: URL, headers, payload: payload as object });
/** Lets the cached template expire, so the next check asks Arena again. */
const expireTemplateCache = () => clock.advance(6 * 60_000);

beforeAll(async () => {
  emu = await startEmulators({ clock });
  t = await createTestApp({ clock, deps: emu.deps });
  admin = await t.as('admin');
});
afterAll(async () => {
  await t.close();
  await emu.close();
});

describe('field mappings', () => {
  it('lists the preprocessing functions of the registry', async () => {
    const res = await t.request({ method: 'GET', url: `${URL}/preprocessing-functions`, headers: admin });
    expect(res.statusCode).toBe(200);
    const results = res.json().results as { name: string; description: string; example: unknown }[];
    expect(results.map((f) => f.name)).toEqual([...PREPROCESSING_FUNCTION_NAMES]);
    expect(results[0]).toEqual({ name: 'trim', description: expect.any(String), example: { input: '  Jane  ', output: 'Jane' } });
  });

  it('creates, reads, lists, replaces and deletes a mapping (API names, _id)', async () => {
    const created = await post(body());
    expect(created.statusCode).toBe(201);
    const mapping = created.json();
    expect(mapping).toEqual({ _id: expect.any(String), ...body(), updatedAt: '2025-06-15T16:00:00.000Z' });
    expect((await t.request({ method: 'GET', url: `${URL}/${mapping._id}`, headers: admin })).json()).toEqual(mapping);
    expect((await t.request({ method: 'GET', url: URL, headers: admin })).json()).toEqual({ results: [mapping] });

    clock.advance(1000);
    const next = body({ name: 'Reporter', concatenate: true, concatenateDelimiter: ' / ', formFieldQID: [{ qid: DEMO_QID.fullName, preprocessingFunctions: ['fullName'] }, { qid: DEMO_QID.email }] });
    const put = await t.request({ method: 'PUT', url: `${URL}/${mapping._id}`, headers: admin, payload: next });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      _id: mapping._id,
      name: 'Reporter',
      concatenateDelimiter: ' / ',
      formFieldQID: [{ qid: '3', answer: 'answer', preprocessingFunctions: ['fullName'] }, { qid: '4', answer: 'answer', preprocessingFunctions: [] }],
      updatedAt: '2025-06-15T16:00:01.000Z',
    });

    const del = await t.request({ method: 'DELETE', url: `${URL}/${mapping._id}`, headers: admin });
    expect(del.json()).toEqual({ id: mapping._id });
    for (const method of ['GET', 'DELETE'] as const) expect((await t.request({ method, url: `${URL}/${mapping._id}`, headers: admin })).statusCode).toBe(404);
    const missing = await t.request({ method: 'PUT', url: `${URL}/${randomUUID()}`, headers: admin, payload: body() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'not_found', message: 'Field mapping not found.' });
  });

  it('stores a predefined value checked against the attribute type, and drops switched-off options', async () => {
    const res = await post(body({ arenaFieldGUID: ATTRIBUTE_GUIDS.reportable, name: 'Reportable', predefined: true, predefinedValue: 'TBD', concatenateDelimiter: ', ', formFieldQID: [] }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ predefined: true, predefinedValue: 'TBD', concatenate: false, concatenateDelimiter: null });
    const wrong = await post(body({ arenaFieldGUID: ATTRIBUTE_GUIDS.eventDate, name: 'Event', predefined: true, predefinedValue: 'soon', formFieldQID: [] }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('predefinedValue "soon" is not a valid value for Event Date (DATE).');
    const option = await post(body({ arenaFieldGUID: ATTRIBUTE_GUIDS.symptoms, name: 'Symptoms', predefined: true, predefinedValue: 'Dizziness', formFieldQID: [] }));
    expect(option.json().message).toMatch(/not a valid value for Symptoms \(one of Pain, Swelling/);
  });

  it('refuses a second mapping of the same Arena field (409)', async () => {
    const first = await post(body({ arenaFieldGUID: ATTRIBUTE_GUIDS.complainantEmail, name: 'Email', formFieldQID: [{ qid: DEMO_QID.email }] }));
    expect(first.statusCode).toBe(201);
    const again = await post(body({ arenaFieldGUID: ATTRIBUTE_GUIDS.complainantEmail, name: 'Email again', formFieldQID: [{ qid: DEMO_QID.email }] }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The quality process field Complainant Email is already mapped ("Email"); edit that mapping instead.');
    // Saving the mapping itself again is fine.
    const same = await t.request({ method: 'PUT', url: `${URL}/${first.json()._id}`, headers: admin, payload: body({ arenaFieldGUID: ATTRIBUTE_GUIDS.complainantEmail, name: 'E-mail', formFieldQID: [{ qid: DEMO_QID.email }] }) });
    expect(same.statusCode).toBe(200);
  });

  it.each([
    ['a malformed GUID', { arenaFieldGUID: 'abc' }, 'arenaFieldGUID'],
    ['no name', { name: '  ' }, 'name'],
    ['predefined without a value', { predefined: true, predefinedValue: '' }, 'predefinedValue'],
    ['no question and not predefined', { formFieldQID: [] }, 'formFieldQID'],
    ['concatenate without a delimiter', { concatenate: true }, 'concatenateDelimiter'],
    ['an unknown preprocessing function', { formFieldQID: [{ qid: '3', preprocessingFunctions: ['eval'] }] }, 'formFieldQID.0.preprocessingFunctions.0'],
    ['a bad answer key', { formFieldQID: [{ qid: '3', answer: 'text' }] }, 'formFieldQID.0.answer'],
    ['a non-numeric qid', { formFieldQID: [{ qid: 'q3' }] }, 'formFieldQID.0.qid'],
    ['an unknown field', { extra: 1 }, 'extra'],
  ])('refuses %s (400, zod)', async (_label, over, field) => {
    const res = await post(body(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toHaveProperty([field]);
  });

  it('refuses a GUID that is not a field of the template (400)', async () => {
    const res = await post(body({ arenaFieldGUID: 'ZZZZZZZZZZZZZZZZZZZZ' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: 'arenaFieldGUID ZZZZZZZZZZZZZZZZZZZZ is not a field of the quality-process template; choose one of its step fields.',
      details: { arenaFieldGUID: expect.any(String) },
    });
  });

  it.each([
    ['not on the form', '999', 'question 999 is not on the JotForm form'],
    ['a heading', DEMO_QID.reporterHeading, 'question 2 (control_head) is a heading, button or captcha and has no answer to map'],
    ['a button', DEMO_QID.submit, 'question 19 (control_button) is a heading, button or captcha and has no answer to map'],
    ['a captcha', DEMO_QID.captcha, 'question 18 (control_captcha) is a heading, button or captcha and has no answer to map'],
  ])('refuses a question %s (400)', async (_label, qid, problem) => {
    const res = await post(body({ arenaFieldGUID: ATTRIBUTE_GUIDS.rootCause, formFieldQID: [{ qid: DEMO_QID.lotNumber }, { qid }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation_failed', message: `formFieldQID: ${problem}.`, details: { 'formFieldQID.1.qid': problem } });
  });

  it('replies 502 with the reason when Arena or JotForm cannot be reached, and saves nothing', async () => {
    const before = (await t.request({ method: 'GET', url: URL, headers: admin })).json().results.length;
    expireTemplateCache();
    emu.arena.control.failNext(2, { status: 503 });
    const arenaDown = await post(body({ arenaFieldGUID: ATTRIBUTE_GUIDS.product, name: 'Product', formFieldQID: [{ qid: DEMO_QID.product }] }));
    expect(arenaDown.statusCode).toBe(502);
    expect(arenaDown.json()).toEqual({ code: 'upstream_failed', message: 'Arena is unavailable: The service is temporarily unavailable. Please try again later.' });

    emu.jotform.failNext(3, 503);
    const jotformDown = await post(body({ arenaFieldGUID: ATTRIBUTE_GUIDS.product, name: 'Product', formFieldQID: [{ qid: DEMO_QID.product }] }));
    expect(jotformDown.statusCode).toBe(502);
    expect(jotformDown.json().message).toMatch(/^Could not read the form questions from JotForm: /);
    expect((await t.request({ method: 'GET', url: URL, headers: admin })).json().results).toHaveLength(before);
    const logged = await t.database.db.select().from(systemLogs).where(eq(systemLogs.label, 'error'));
    expect(logged.map((l) => l.process)).toContain('Arena');
  });

  it('audits create, update and delete (entity field_mapping) and logs them under Field Mapping', async () => {
    const { _id: id } = (await post(body({ arenaFieldGUID: ATTRIBUTE_GUIDS.investigationSummary, name: 'Summary', formFieldQID: [{ qid: DEMO_QID.description, preprocessingFunctions: ['stripHtml'] }] }))).json();
    await t.request({ method: 'PUT', url: `${URL}/${id}`, headers: admin, payload: body({ arenaFieldGUID: ATTRIBUTE_GUIDS.investigationSummary, name: 'Summary 2', formFieldQID: [{ qid: DEMO_QID.description }] }) });
    await t.request({ method: 'DELETE', url: `${URL}/${id}`, headers: admin });
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(events.map((e) => [e.entity, e.action])).toEqual([
      ['field_mapping', 'create'],
      ['field_mapping', 'update'],
      ['field_mapping', 'delete'],
    ]);
    expect(events[1]).toMatchObject({ before: { name: 'Summary' }, after: { name: 'Summary 2' } });
    const logs = await t.database.db.select().from(systemLogs).where(eq(systemLogs.process, 'Field Mapping'));
    expect(logs.filter((l) => l.description.includes('"Summary')).length).toBe(3);
  });

  it.each(['staff', 'member'] as const)('refuses %s (403)', async (role) => {
    const headers = await t.as(role);
    expect((await t.request({ method: 'GET', url: URL, headers })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `${URL}/preprocessing-functions`, headers })).statusCode).toBe(403);
    expect((await post(body(), headers)).statusCode).toBe(403);
  });
});

describe('field mappings without Arena', () => {
  it('replies 502 "Arena is not configured." on save', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.request({ method: 'POST', url: URL, headers: await bare.as('admin'), payload: body() });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ code: 'upstream_failed', message: 'Arena is not configured.' });
    } finally {
      await bare.close();
    }
  });
});
