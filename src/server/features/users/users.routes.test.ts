import { randomUUID } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#shared/contract/users';
import { ADMIN, type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';
import { auditEvents, systemLogs, users } from '../../db/schema/index.ts';

const PASSWORD = 'Secr3tPassw0rd';

let t: TestApp;
let admin: Record<string, string>;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  adminId = (await t.request({ method: 'GET', url: '/v1/auth/profile', headers: admin })).json().user.id;
});
afterAll(() => t.close());

let seq = 0;
function uniqueEmail(prefix = 'user'): string {
  seq += 1;
  return `${prefix}-${seq}-${randomUUID().slice(0, 6)}@example.com`;
}

async function create(body: Record<string, unknown>, headers = admin) {
  return t.request({ method: 'POST', url: '/v1/users', headers, payload: body });
}
async function createOk(fields: Partial<{ name: string; email: string; password: string; role: string }> = {}): Promise<User> {
  const res = await create({ name: 'Test Person', email: uniqueEmail(), password: PASSWORD, role: 'staff', ...fields });
  expect(res.statusCode).toBe(201);
  return res.json<User>();
}
function patch(id: string, payload: unknown, headers = admin) {
  return t.request({ method: 'PATCH', url: `/v1/users/${id}`, headers, payload: payload as Record<string, unknown> });
}
function restrict(id: string, isRestricted: unknown, headers = admin) {
  return t.request({ method: 'PATCH', url: `/v1/users/${id}/restrict-access`, headers, payload: { isRestricted } as Record<string, unknown> });
}
function list(query: string, headers = admin) {
  return t.request({ method: 'GET', url: `/v1/users${query}`, headers });
}
async function auditOf(entityId: string) {
  return t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, entityId)).orderBy(asc(auditEvents.id));
}
async function superAdminId(): Promise<string> {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, ADMIN.email));
  return row!.id;
}

describe('POST /v1/users', () => {
  it.each(['admin', 'staff', 'member'] as const)('creates a %s (201) and answers the user without any password', async (role) => {
    const email = uniqueEmail(role);
    const res = await create({ name: `  New ${role}  `, email, password: PASSWORD, role });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toEqual({
      id: expect.any(String),
      name: `New ${role}`,
      email,
      role,
      permissions: [],
      isRestricted: false,
      lastLogin: null,
      createdAt: expect.any(String),
    });
    expect(res.body).not.toContain(PASSWORD);
    expect(res.body).not.toContain('$argon2');
    // The new user can sign in with the password, and it is stored hashed.
    await t.login(email, PASSWORD);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('stores the email lower-cased and trimmed', async () => {
    const res = await create({ name: 'Mixed Case', email: '  Mixed.Case@Example.COM ', password: PASSWORD, role: 'member' });
    expect(res.statusCode).toBe(201);
    expect(res.json().email).toBe('mixed.case@example.com');
  });

  it('refuses the super_admin role (400)', async () => {
    const res = await create({ name: 'Boss', email: uniqueEmail(), password: PASSWORD, role: 'super_admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation_failed', message: 'Role must be one of admin, staff, member', details: { role: 'role must be one of admin, staff, member' } });
  });

  it.each([
    ['a bad email', { email: 'not-an-email' }, 'email', /email must be a valid email address/i],
    ['a short password', { password: 'ab1' }, 'password', /password must be at least 8 characters/i],
    ['a password without a number', { password: 'abcdefghij' }, 'password', /password must contain at least one number/i],
    ['a missing name', { name: undefined }, 'name', /name is required/i],
    ['a blank name', { name: '   ' }, 'name', /name is required/i],
    ['a missing email', { email: undefined }, 'email', /email is required/i],
    ['a missing password', { password: undefined }, 'password', /password is required/i],
    ['a missing role', { role: undefined }, 'role', /role must be one of/i],
    ['an unknown role', { role: 'owner' }, 'role', /role must be one of/i],
  ])('refuses %s (400) with a message naming the field', async (_name, change, field, message) => {
    const body: Record<string, unknown> = { name: 'Someone', email: uniqueEmail(), password: PASSWORD, role: 'staff', ...change };
    for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json).toMatchObject({ code: 'validation_failed', message: expect.stringMatching(message), details: { [field]: expect.stringMatching(message) } });
    expect(json.message.toLowerCase()).toContain(field.toLowerCase());
  });

  it('names every missing field in details', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details).sort()).toEqual(['email', 'name', 'password', 'role']);
  });

  it('refuses unknown fields (400)', async () => {
    const res = await create({ name: 'X', email: uniqueEmail(), password: PASSWORD, role: 'staff', isRestricted: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'validation_failed', message: 'Unknown field isRestricted', details: { isRestricted: 'unknown field isRestricted' } });
  });

  it('refuses a duplicate email (409), also in another case', async () => {
    const email = uniqueEmail('dup');
    await createOk({ email });
    const again = await create({ name: 'Dup', email, password: PASSWORD, role: 'member' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'conflict', message: 'A user with this email already exists.' });
    const upper = await create({ name: 'Dup', email: email.toUpperCase(), password: PASSWORD, role: 'member' });
    expect(upper.statusCode).toBe(409);
    expect(upper.json().code).toBe('conflict');
    // The seeded super_admin's address is taken too.
    expect((await create({ name: 'Dup', email: ADMIN.email, password: PASSWORD, role: 'member' })).statusCode).toBe(409);
  });
});

describe('GET /v1/users', () => {
  const created: User[] = [];
  beforeAll(async () => {
    // Names and emails that sort the same under any collation; creation order differs from name order.
    for (const [name, role] of [
      ['Sort Delta', 'member'],
      ['Sort Alpha', 'staff'],
      ['Sort Charlie', 'admin'],
      ['Sort Bravo', 'member'],
      ['Sort Echo', 'staff'],
    ] as const) {
      created.push(await createOk({ name, role, email: uniqueEmail(`sort-${name.slice(5).toLowerCase()}`) }));
    }
    await t.login(created[3]!.email, PASSWORD); // Bravo has signed in
    await t.login(created[0]!.email, PASSWORD); // then Delta
    expect((await restrict(created[4]!.id, true)).statusCode).toBe(204);
  });

  async function all(sortBy: string): Promise<User[]> {
    const res = await list(`?limit=100&sortBy=${encodeURIComponent(sortBy)}`);
    expect(res.statusCode).toBe(200);
    return res.json().results;
  }
  const mine = (rows: User[]) => rows.filter((r) => created.some((c) => c.id === r.id)).map((r) => r.name.slice(5));

  it('answers a page {results, page, limit, totalPages, totalResults}', async () => {
    const [{ n }] = (await t.database.db.select({ n: count() }).from(users)) as [{ n: number }];
    const res = await list('?page=2&limit=3');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['limit', 'page', 'results', 'totalPages', 'totalResults']);
    expect(body).toMatchObject({ page: 2, limit: 3, totalResults: n, totalPages: Math.ceil(n / 3) });
    expect(body.results).toHaveLength(Math.min(3, n - 3));
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('passwordHash');
  });

  it('defaults to page 1, 10 rows, creation order', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, limit: 10 });
    expect(body.results.length).toBeLessThanOrEqual(10);
    expect(body.results[0].email).toBe(ADMIN.email); // the first user created
  });

  it('pages never overlap and together hold every user once', async () => {
    const first = (await list('?page=1&limit=4')).json();
    const ids: string[] = [];
    for (let page = 1; page <= first.totalPages; page++) ids.push(...(await list(`?page=${page}&limit=4`)).json().results.map((u: User) => u.id));
    expect(ids).toHaveLength(first.totalResults);
    expect(new Set(ids).size).toBe(first.totalResults);
  });

  it('a page past the end is empty', async () => {
    const res = await list('?page=999&limit=10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ results: [], page: 999 });
  });

  it('sorts by _id (creation order) ascending and descending', async () => {
    expect(mine(await all('_id:asc'))).toEqual(['Delta', 'Alpha', 'Charlie', 'Bravo', 'Echo']);
    expect(mine(await all('_id:desc'))).toEqual(['Echo', 'Bravo', 'Charlie', 'Alpha', 'Delta']);
  });

  it('sorts by name', async () => {
    expect(mine(await all('name:asc'))).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    expect(mine(await all('name:desc'))).toEqual(['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']);
  });

  it('sorts by email', async () => {
    expect(mine(await all('email:asc'))).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    expect(mine(await all('email:desc'))).toEqual(['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha']);
  });

  it('sorts by role', async () => {
    const order = ['admin', 'member', 'staff', 'super_admin'];
    const asc = (await all('role:asc')).map((u) => order.indexOf(u.role));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await all('role:desc')).map((u) => order.indexOf(u.role));
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('sorts by isRestricted', async () => {
    const asc = (await all('isRestricted:asc')).map((u) => u.isRestricted);
    expect(asc).toEqual([...asc].sort((a, b) => Number(a) - Number(b)));
    expect(asc.at(-1)).toBe(true);
    const desc = (await all('isRestricted:desc')).map((u) => u.isRestricted);
    expect(desc[0]).toBe(true);
    expect(desc).toEqual([...desc].sort((a, b) => Number(b) - Number(a)));
  });

  it('sorts by lastLogin, never-signed-in users last both ways', async () => {
    const asc = await all('lastLogin:asc');
    expect(mine(asc).slice(0, 2)).toEqual(['Bravo', 'Delta']);
    const ascTimes = asc.map((u) => u.lastLogin);
    const firstNull = ascTimes.indexOf(null);
    expect(ascTimes.slice(firstNull).every((v) => v === null)).toBe(true);
    const signedIn = ascTimes.slice(0, firstNull).map((v) => Date.parse(v!));
    expect(signedIn).toEqual([...signedIn].sort((a, b) => a - b));

    const desc = await all('lastLogin:desc');
    expect(mine(desc).slice(0, 2)).toEqual(['Delta', 'Bravo']);
    const descTimes = desc.map((u) => u.lastLogin);
    const firstNullDesc = descTimes.indexOf(null);
    expect(descTimes.slice(firstNullDesc).every((v) => v === null)).toBe(true);
    const signedInDesc = descTimes.slice(0, firstNullDesc).map((v) => Date.parse(v!));
    expect(signedInDesc).toEqual([...signedInDesc].sort((a, b) => b - a));
  });

  it.each([
    ['an unknown sort field', '?sortBy=password:asc', 'sortBy', /sortBy must be one of/],
    ['a bad sort order', '?sortBy=name:up', 'sortBy', /sortBy must be one of/],
    ['a sort without order', '?sortBy=name', 'sortBy', /sortBy must be one of/],
    ['a limit over 100', '?limit=101', 'limit', /limit must be between 1 and 100/],
    ['a limit of 0', '?limit=0', 'limit', /limit must be between 1 and 100/],
    ['a page of 0', '?page=0', 'page', /page starts at 1/],
    ['a page that is not a number', '?page=abc', 'page', /page must be a number/],
  ])('refuses %s (400)', async (_name, query, field, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', message: expect.any(String), details: { [field]: expect.stringMatching(message) } });
  });
});

describe('GET /v1/users/:userId', () => {
  it('answers one user', async () => {
    const user = await createOk({ name: 'Get Me' });
    const res = await t.request({ method: 'GET', url: `/v1/users/${user.id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(user);
    expect(res.body).not.toContain('argon2');
  });

  it('answers 404 for an unknown id', async () => {
    const res = await t.request({ method: 'GET', url: `/v1/users/${randomUUID()}`, headers: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'User not found.' });
  });
});

describe('PATCH /v1/users/:userId', () => {
  it('updates only the fields sent and answers {results}', async () => {
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
      const res = await t.request({
        method: 'PATCH',
        url: `/v1/users/${user.id}`,
        headers: { ...admin, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
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
    const self = await patch(await superAdminId(), { name: 'Me' }, await t.as('super_admin'));
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

  it('answers 404 for an unknown id', async () => {
    const res = await patch(randomUUID(), { name: 'Ghost' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'User not found.' });
  });

  it('changes the password: the new one signs in, the old one does not, old sessions end', async () => {
    const user = await createOk();
    const session = await t.login(user.email, PASSWORD);
    const res = await patch(user.id, { password: 'N3wPassword!' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('N3wPassword!');
    await t.login(user.email, 'N3wPassword!');
    const old = await t.request({ method: 'POST', url: '/v1/auth/login', payload: { email: user.email, password: PASSWORD } });
    expect(old.statusCode).toBe(401);
    const refreshed = await t.request({ method: 'POST', url: '/v1/auth/refresh-tokens', payload: { refreshToken: session.refresh } });
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
      const got = await t.request({ method: 'GET', url: `/v1/users/${user.id}`, headers: admin });
      expect(got.json().isRestricted).toBe(value);
    }
  });

  it('refuses a super_admin (403)', async () => {
    const res = await restrict(await superAdminId(), true);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: 'A super_admin cannot be restricted.' });
  });

  it('refuses yourself (403)', async () => {
    const res = await restrict(adminId, true);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: 'You cannot restrict your own account.' });
  });

  it('answers 404 for an unknown id, 400 for a bad body', async () => {
    expect((await restrict(randomUUID(), true)).statusCode).toBe(404);
    const user = await createOk();
    const bad = await restrict(user.id, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', details: { isRestricted: 'isRestricted must be true or false' } });
    const missing = await t.request({ method: 'PATCH', url: `/v1/users/${user.id}/restrict-access`, headers: admin, payload: {} });
    expect(missing.statusCode).toBe(400);
  });
});

describe('audit trail and system log', () => {
  it('records create, update and restrict with before → after, never a password or its hash', async () => {
    const user = await createOk({ name: 'Audited', role: 'member' });
    expect((await patch(user.id, { name: 'Audited Again', password: 'An0therPass' })).statusCode).toBe(200);
    expect((await patch(user.id, { role: 'staff' })).statusCode).toBe(200);
    expect((await restrict(user.id, true)).statusCode).toBe(204);
    expect((await restrict(user.id, true)).statusCode).toBe(204); // no change: no new row
    expect((await restrict(user.id, false)).statusCode).toBe(204);

    const rows = await auditOf(user.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update (password changed)', 'update', 'restrict', 'unrestrict']);
    for (const row of rows) {
      expect(row).toMatchObject({ entity: 'user', entityId: user.id, actorId: adminId, actorEmail: expect.stringContaining('@') });
      expect(row.at).toBeInstanceOf(Date);
      const text = JSON.stringify(row);
      expect(text).not.toContain('argon2');
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain('An0therPass');
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
    await patch(user.id, { name: 'Logged Person', password: 'Log9edPassword' });
    await restrict(user.id, true);
    const rows = await t.database.db.select().from(systemLogs).where(eq(systemLogs.process, 'Users'));
    const mine = rows.filter((r) => r.description.includes(email));
    expect(mine.map((r) => r.label)).toEqual(['success', 'success', 'success']);
    expect(mine.map((r) => r.description)).toEqual([
      expect.stringMatching(/created/),
      expect.stringMatching(/updated/),
      expect.stringMatching(/restricted/),
    ]);
    for (const row of rows) {
      expect(row.description).not.toContain(PASSWORD);
      expect(row.description).not.toContain('Log9edPassword');
    }
  });
});
