import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';
import { auditEvents, systemLogs } from '../../db/schema/index.ts';

let t: TestApp;
let admin: Record<string, string>;
const URL = '/v1/email-configs';

const add = (email: unknown, headers = admin) => t.request({ method: 'POST', url: URL, headers, payload: { email } });
const list = async (query = '') => (await t.request({ method: 'GET', url: `${URL}${query}`, headers: admin })).json().results as { id: string; email: string; active: boolean }[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(() => t.close());

describe('email configs', () => {
  it('adds a recipient as active, lower-cased, and lists it', async () => {
    const res = await add('  Quality.Lead@Provider.example ');
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({ id: expect.any(String), email: 'quality.lead@provider.example', active: true, createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(await list()).toEqual([created]);
  });

  it('refuses a duplicate, whatever its case, with 409', async () => {
    const res = await add('QUALITY.LEAD@provider.EXAMPLE');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'conflict', message: 'This email is already in the list.' });
  });

  it.each([[''], ['not-an-email'], [42], [undefined]])('refuses %j as an email with 400', async (email) => {
    const res = await add(email);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', details: { email: expect.any(String) } });
  });

  it('refuses unknown fields', async () => {
    const res = await t.request({ method: 'POST', url: URL, headers: admin, payload: { email: 'x@provider.example', active: false } });
    expect(res.statusCode).toBe(400);
  });

  it('changes the address and the active flag; filters by active', async () => {
    const { id } = (await add('second@provider.example')).json();
    const off = await t.request({ method: 'PATCH', url: `${URL}/${id}`, headers: admin, payload: { active: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id, email: 'second@provider.example', active: false });
    const renamed = await t.request({ method: 'PATCH', url: `${URL}/${id}`, headers: admin, payload: { email: 'Renamed@provider.example' } });
    expect(renamed.json()).toMatchObject({ email: 'renamed@provider.example', active: false });
    expect((await list('?active=false')).map((c) => c.email)).toEqual(['renamed@provider.example']);
    expect((await list('?active=true')).map((c) => c.email)).toEqual(['quality.lead@provider.example']);
    expect((await t.request({ method: 'GET', url: `${URL}?active=maybe`, headers: admin })).statusCode).toBe(400);
  });

  it('refuses renaming onto another recipient (409), an empty patch (400) and an unknown id (404)', async () => {
    const { id } = (await add('third@provider.example')).json();
    const taken = await t.request({ method: 'PATCH', url: `${URL}/${id}`, headers: admin, payload: { email: 'Quality.Lead@provider.example' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This email is already in the list.');
    const same = await t.request({ method: 'PATCH', url: `${URL}/${id}`, headers: admin, payload: { email: 'THIRD@provider.example', active: true } });
    expect(same.statusCode).toBe(200);
    expect((await t.request({ method: 'PATCH', url: `${URL}/${id}`, headers: admin, payload: {} })).statusCode).toBe(400);
    const missing = await t.request({ method: 'PATCH', url: `${URL}/${randomUUID()}`, headers: admin, payload: { active: true } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'not_found', message: 'Email config not found.' });
  });

  it('deletes a recipient, replying with its id; 404 the second time', async () => {
    const { id } = (await add('gone@provider.example')).json();
    const res = await t.request({ method: 'DELETE', url: `${URL}/${id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id });
    expect((await list()).some((c) => c.id === id)).toBe(false);
    expect((await t.request({ method: 'DELETE', url: `${URL}/${id}`, headers: admin })).statusCode).toBe(404);
  });

  it('audits every change and logs it', async () => {
    const { id } = (await add('audited@provider.example')).json();
    await t.request({ method: 'PATCH', url: `${URL}/${id}`, headers: admin, payload: { active: false } });
    await t.request({ method: 'DELETE', url: `${URL}/${id}`, headers: admin });
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(events.map((e) => [e.entity, e.action])).toEqual([
      ['email_config', 'create'],
      ['email_config', 'update'],
      ['email_config', 'delete'],
    ]);
    expect(events[1]).toMatchObject({ before: { active: true }, after: { active: false }, actorEmail: expect.stringContaining('admin') });
    const logs = await t.database.db.select().from(systemLogs).where(eq(systemLogs.process, 'JotForms'));
    expect(logs.map((l) => l.description).filter((d) => d.includes('audited@provider.example'))).toHaveLength(3);
  });

  it.each(['staff', 'member'] as const)('refuses %s (403)', async (role) => {
    const headers = await t.as(role);
    expect((await t.request({ method: 'GET', url: URL, headers })).statusCode).toBe(403);
    expect((await add('x@provider.example', headers)).statusCode).toBe(403);
  });
});
