import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#shared/contract/users';
import { ADMIN } from '../../../../tests/support/test-app.ts';
import { users } from '../../db/schema/index.ts';
import { PASSWORD, usersSuite } from './users.test-support.ts';

const s = usersSuite();
const { uniqueEmail, createOk, restrict, list } = s;

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
    await s.t.login(created[3]!.email, PASSWORD); // Bravo has signed in
    await s.t.login(created[0]!.email, PASSWORD); // then Delta
    expect((await restrict(created[4]!.id, true)).statusCode).toBe(204);
  });

  async function all(sortBy: string): Promise<User[]> {
    const res = await list(`?limit=100&sortBy=${encodeURIComponent(sortBy)}`);
    expect(res.statusCode).toBe(200);
    return res.json().results;
  }
  const mine = (rows: User[]) => rows.filter((r) => created.some((c) => c.id === r.id)).map((r) => r.name.slice(5));

  it('replies with a page {results, page, limit, totalPages, totalResults}', async () => {
    const [{ n }] = (await s.t.database.db.select({ n: count() }).from(users)) as [{ n: number }];
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
