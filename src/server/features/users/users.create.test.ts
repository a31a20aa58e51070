import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../../../../tests/support/test-app.ts';
import { users } from '../../db/schema/index.ts';
import { PASSWORD, usersSuite } from './users.test-support.ts';

const s = usersSuite();
const { uniqueEmail, create, createOk } = s;

describe('POST /v1/users', () => {
  it.each(['admin', 'staff', 'member'] as const)('creates a %s (201) and replies with the user without any password', async (role) => {
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
    await s.t.login(email, PASSWORD);
    const [row] = await s.t.database.db.select().from(users).where(eq(users.id, user.id));
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
    ['a short password', { password: 'Sh0rt-pw!' }, 'password', /password must be at least 12 characters/i],
    ['a common password', { password: 'Password1234' }, 'password', /commonly used password/i],
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

describe('GET /v1/users/:userId', () => {
  it('replies with one user', async () => {
    const user = await createOk({ name: 'Get Me' });
    const res = await s.t.request({ method: 'GET', url: `/v1/users/${user.id}`, headers: s.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(user);
    expect(res.body).not.toContain('argon2');
  });

  it('replies 404 for an unknown id', async () => {
    const res = await s.t.request({ method: 'GET', url: `/v1/users/${randomUUID()}`, headers: s.admin });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'User not found.' });
  });
});
