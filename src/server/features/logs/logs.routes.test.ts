import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogEntry } from '#shared/contract/logs';
import { ADMIN, type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';
import { auditEvents, systemLogs } from '../../db/schema/index.ts';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
});
afterAll(() => t.close());

async function getLogs(headers = admin): Promise<LogEntry[]> {
  const res = await t.request({ method: 'GET', url: '/v1/logs', headers });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ logs: unknown[] }>();
  expect(Object.keys(body)).toEqual(['logs']);
  expect(Array.isArray(body.logs)).toBe(true);
  return body.logs.map((entry) => {
    expect(typeof entry).toBe('string');
    const parsed = JSON.parse(entry as string);
    expect(Object.keys(parsed).sort()).toEqual(['description', 'label', 'process', 'time']);
    return LogEntry.parse(parsed);
  });
}

describe('GET /v1/logs', () => {
  it('replies {logs}: JSON strings of {time, label, process, description}, newest first', async () => {
    await t.database.db.insert(systemLogs).values([
      { time: new Date('2020-01-01T10:00:00.000Z'), label: 'success', process: 'Dashboard', description: 'older entry' },
      { time: new Date('2020-01-02T10:00:00.000Z'), label: 'error', process: 'Arena', description: 'newer entry' },
    ]);
    const logs = await getLogs();
    const times = logs.map((l) => Date.parse(l.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const entry of logs) expect(entry.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const older = logs.findIndex((l) => l.description === 'older entry');
    const newer = logs.findIndex((l) => l.description === 'newer entry');
    expect(newer).toBeGreaterThanOrEqual(0);
    expect(newer).toBeLessThan(older);
    expect(logs[newer]).toEqual({ time: '2020-01-02T10:00:00.000Z', label: 'error', process: 'Arena', description: 'newer entry' });
  });

  it('holds an Auth entry for a sign-in and for a failed sign-in', async () => {
    const user = await t.createUser('staff');
    await t.login(user.email, user.password);
    await t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: user.email, password: 'Wr0ngPassword' } });
    const logs = await getLogs();
    expect(logs[0]).toMatchObject({ label: 'error', process: 'Auth', description: expect.stringContaining(user.email) });
    expect(logs[1]).toMatchObject({ label: 'success', process: 'Auth', description: expect.stringContaining(user.email) });
    expect(Date.parse(logs[0]!.time)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('secrets never reach the log', () => {
  it('no entry contains a password, a token or a password hash', async () => {
    const secrets: string[] = [];
    const user = await t.createUser('member', { password: 'Sp3cialSecretPw' });
    secrets.push('Sp3cialSecretPw');
    const tokens = await t.login(user.email, 'Sp3cialSecretPw');
    secrets.push(tokens.access, tokens.refresh);
    await t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: user.email, password: 'Typ0edSecretPw' } });
    await t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: 'ghost@example.com', password: 'Gh0stSecretPw' } });
    secrets.push('Typ0edSecretPw', 'Gh0stSecretPw');
    const refreshed = (await t.request({ method: 'POST', url: '/v1/auth/refresh-tokens', payload: { refreshToken: tokens.refresh } })).json();
    secrets.push(refreshed.access.token, refreshed.refresh.token);
    await t.request({ method: 'POST', url: '/v1/auth/refresh-tokens', payload: { refreshToken: tokens.refresh } }); // reuse
    await t.request({ method: 'POST', url: '/v1/auth/logout', payload: { refreshToken: refreshed.refresh.token } });
    const created = await t.request({
      method: 'POST',
      url: '/v1/users',
      headers: admin,
      payload: { name: 'Logged User', email: 'logged.user@example.com', password: 'Cr3atedSecretPw', role: 'staff' },
    });
    expect(created.statusCode).toBe(201);
    await t.request({ method: 'PATCH', url: `/v1/users/${created.json().id}`, headers: admin, payload: { password: 'Chang3dSecretPw' } });
    secrets.push('Cr3atedSecretPw', 'Chang3dSecretPw', admin.authorization!.slice('Bearer '.length), ADMIN.password);

    const res = await t.request({ method: 'GET', url: '/v1/logs', headers: admin });
    const rows = await t.database.db.select().from(systemLogs);
    expect(rows.length).toBeGreaterThan(5);
    for (const text of [res.body, JSON.stringify(rows)]) {
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).not.toContain('$argon2');
    }
  });
});

describe('DELETE /v1/logs', () => {
  it('clears the log (204); GET then replies with an empty list; the clear is audited', async () => {
    expect((await getLogs()).length).toBeGreaterThan(0);
    const [{ n: before }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(systemLogs)) as [{ n: number }];

    const res = await t.request({ method: 'DELETE', url: '/v1/logs', headers: admin });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await getLogs()).toEqual([]);

    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entity, 'system_log'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'clear',
      actorEmail: expect.stringContaining('@'),
      actorId: expect.any(String),
      before: { entries: before },
      after: { entries: 0 },
    });

    // New actions are logged again after a clear.
    await t.as('staff');
    expect((await getLogs()).map((l) => l.process)).toEqual(['Auth']);
  });

  it('accepts the JSON content type without a body (every call of the web app sends it)', async () => {
    const res = await t.request({ method: 'DELETE', url: '/v1/logs', headers: { ...admin, 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(204);
    expect(await getLogs()).toEqual([]);
  });

  it('is refused to staff and members (403) and to anonymous callers (401)', async () => {
    await t.database.db.insert(systemLogs).values({ label: 'success', process: 'Logs', description: 'kept' });
    for (const role of ['staff', 'member'] as const) {
      const res = await t.request({ method: 'DELETE', url: '/v1/logs', headers: await t.as(role) });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.request({ method: 'DELETE', url: '/v1/logs' })).statusCode).toBe(401);
    expect((await getLogs()).some((l) => l.description === 'kept')).toBe(true);
  });

  it('the audit trail cannot be updated, deleted or truncated (the database refuses)', async () => {
    const [row] = await t.database.db.select().from(auditEvents).limit(1);
    expect(row).toBeDefined();
    await expect(t.database.db.update(auditEvents).set({ action: 'tampered' }).where(eq(auditEvents.id, row!.id))).rejects.toThrow();
    await expect(t.database.db.delete(auditEvents).where(eq(auditEvents.id, row!.id))).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    const [after] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.id, row!.id));
    expect(after).toEqual(row);
  });

  it('the refusal names the append-only rule, for the schema owner too', async () => {
    const error = await t.database.owner.db
      .delete(auditEvents)
      .then(() => null)
      .catch((e: unknown) => e as Error & { cause?: Error });
    expect(error).not.toBeNull();
    expect(`${error?.message} ${error?.cause?.message ?? ''}`).toMatch(/append-only/);
  });
});
