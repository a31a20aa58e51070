import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemLogs } from '../../db/schema/index.ts';
import { PASSWORD, usersSuite } from './users.test-support.ts';

const s = usersSuite();
const { uniqueEmail, createOk, patch, restrict, auditOf, superAdminId } = s;

describe('PATCH /v1/users/:userId', () => {
  it('updates only the fields sent and replies {results}', async () => {
    const user = await createOk({ name: 'Before Name', role: 'member' });
    const res = await patch(user.id, { name: 'After Name' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ results: { ...user, name: 'After Name' } });
    const role = await patch(user.id, { role: 'staff' });
    expect(role.json().results).toMatchObject({ name: 'After Name', role: 'staff', email: user.email });
    const email = uniqueEmail('changed');
    const changed = await patch(user.id, { email: email.toUpperCase() });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().results.email).toBe(email);
  });

  it('keeps the same email (unchanged) without a conflict', async () => {
    const user = await createOk();
    const res = await patch(user.id, { email: user.email, name: 'Same Email' });
    expect(res.statusCode).toBe(200);
  });

  it('refuses an id in the body (400)', async () => {
    const user = await createOk();
    const res = await patch(user.id, { id: randomUUID(), name: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation_failed', message: 'Unknown field id', details: { id: 'unknown field id' } });
  });

  it('refuses a body that is not a JSON object (400)', async () => {
    const user = await createOk();
    for (const payload of [undefined, '[]', '"text"', 'null']) {
      const res = await s.t.request({
        method: 'PATCH',
        url: `/v1/users/${user.id}`,
        headers: { ...s.admin, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed', message: 'The request body must be a JSON object' });
    }
  });

  it('refuses an empty body (400)', async () => {
    const user = await createOk();
    const res = await patch(user.id, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', message: 'Nothing to update' });
  });

  it.each([
    ['a bad email', { email: 'nope' }, 'email'],
    ['a short password', { password: 'short1' }, 'password'],
    ['the super_admin role', { role: 'super_admin' }, 'role'],
    ['a blank name', { name: ' ' }, 'name'],
  ])('refuses %s (400)', async (_name, body, field) => {
    const user = await createOk();
    const res = await patch(user.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', details: { [field]: expect.any(String) } });
  });

  it('refuses to edit a super_admin (403)', async () => {
    const res = await patch(await superAdminId(), { name: 'Hijacked' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: 'A super_admin cannot be edited.' });
    // Not even the super_admin through the admin API.
    const self = await patch(await superAdminId(), { name: 'Me' }, await s.t.as('super_admin'));
    expect(self.statusCode).toBe(403);
  });

  it('refuses a duplicate email (409), also in another case', async () => {
    const a = await createOk();
    const b = await createOk();
    const res = await patch(b.id, { email: a.email });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'conflict', message: 'A user with this email already exists.' });
    expect((await patch(b.id, { email: a.email.toUpperCase() })).statusCode).toBe(409);
  });

  it('replies 404 for an unknown id', async () => {
    const res = await patch(randomUUID(), { name: 'Ghost' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'User not found.' });
  });

  it('changes the password: the new one signs in, the old one does not, old sessions end', async () => {
    const user = await createOk();
    const session = await s.t.login(user.email, PASSWORD);
    const res = await patch(user.id, { password: 'New-Quiet-Meadow-9' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('New-Quiet-Meadow-9');
    await s.t.login(user.email, 'New-Quiet-Meadow-9');
    const old = await s.t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: user.email, password: PASSWORD } });
    expect(old.statusCode).toBe(401);
    const refreshed = await s.t.request({ method: 'POST', url: '/v1/auth/refresh-tokens', payload: { refreshToken: session.refresh } });
    expect(refreshed.statusCode).toBe(401);
  });
});

describe('PATCH /v1/users/:userId/restrict-access', () => {
  it('restricts and restores (204), idempotently', async () => {
    const user = await createOk();
    for (const value of [true, true, false, false]) {
      const res = await restrict(user.id, value);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const got = await s.t.request({ method: 'GET', url: `/v1/users/${user.id}`, headers: s.admin });
      expect(got.json().isRestricted).toBe(value);
    }
  });

  it('refuses a super_admin (403)', async () => {
    const res = await restrict(await superAdminId(), true);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: 'A super_admin cannot be restricted.' });
  });

  it('refuses yourself (403)', async () => {
    const res = await restrict(s.adminId, true);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: 'You cannot restrict your own account.' });
  });

  it('replies 404 for an unknown id, 400 for a bad body', async () => {
    expect((await restrict(randomUUID(), true)).statusCode).toBe(404);
    const user = await createOk();
    const bad = await restrict(user.id, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', details: { isRestricted: 'isRestricted must be true or false' } });
    const missing = await s.t.request({ method: 'PATCH', url: `/v1/users/${user.id}/restrict-access`, headers: s.admin, payload: {} });
    expect(missing.statusCode).toBe(400);
  });
});

describe('audit trail and system log', () => {
  it('records create, update and restrict with before → after, never a password or its hash', async () => {
    const user = await createOk({ name: 'Audited', role: 'member' });
    expect((await patch(user.id, { name: 'Audited Again', password: 'Another-Copper-Kite' })).statusCode).toBe(200);
    expect((await patch(user.id, { role: 'staff' })).statusCode).toBe(200);
    expect((await restrict(user.id, true)).statusCode).toBe(204);
    expect((await restrict(user.id, true)).statusCode).toBe(204); // no change: no new row
    expect((await restrict(user.id, false)).statusCode).toBe(204);

    const rows = await auditOf(user.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update (password changed)', 'update', 'restrict', 'unrestrict']);
    for (const row of rows) {
      expect(row).toMatchObject({ entity: 'user', entityId: user.id, actorId: s.adminId, actorEmail: expect.stringContaining('@') });
      expect(row.at).toBeInstanceOf(Date);
      const text = JSON.stringify(row);
      expect(text).not.toContain('argon2');
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain('Another-Copper-Kite');
      expect(text).not.toMatch(/password"?:/i);
    }
    const [created, passwordChange, roleChange, restricted, unrestricted] = rows;
    expect(created!.before).toBeNull();
    expect(created!.after).toMatchObject({ id: user.id, name: 'Audited', role: 'member', email: user.email });
    expect(passwordChange!.before).toMatchObject({ name: 'Audited' });
    expect(passwordChange!.after).toMatchObject({ name: 'Audited Again' });
    expect(roleChange!.before).toMatchObject({ role: 'member' });
    expect(roleChange!.after).toMatchObject({ role: 'staff' });
    expect(restricted).toMatchObject({ before: { isRestricted: false }, after: { isRestricted: true } });
    expect(unrestricted).toMatchObject({ before: { isRestricted: true }, after: { isRestricted: false } });
  });

  it('writes system log entries with process Users, without passwords', async () => {
    const email = uniqueEmail('logged');
    const user = await createOk({ email });
    await patch(user.id, { name: 'Logged Person', password: 'Logged-Velvet-Canyon' });
    await restrict(user.id, true);
    const rows = await s.t.database.db.select().from(systemLogs).where(eq(systemLogs.process, 'Users'));
    const mine = rows.filter((r) => r.description.includes(email));
    expect(mine.map((r) => r.label)).toEqual(['success', 'success', 'success']);
    expect(mine.map((r) => r.description)).toEqual([
      expect.stringMatching(/created/),
      expect.stringMatching(/updated/),
      expect.stringMatching(/restricted/),
    ]);
    for (const row of rows) {
      expect(row.description).not.toContain(PASSWORD);
      expect(row.description).not.toContain('Logged-Velvet-Canyon');
    }
  });
});
