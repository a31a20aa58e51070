import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { User } from '#shared/contract/users';
import { ADMIN, type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';
import { auditEvents, users } from '../../db/schema/index.ts';

export const PASSWORD = 'Secret-Copper-Walrus';

/**
 * The users API of one test file: its own database with an admin signed in. Registers the file's
 * beforeAll/afterAll; the getters are valid once they have run.
 */
export function usersSuite() {
  let t: TestApp;
  let admin: Record<string, string>;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.as('admin');
    adminId = (await t.request({ method: 'GET', url: '/v1/auth/profile', headers: admin })).json().user.id;
  });
  afterAll(() => t?.close());

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

  return {
    get t(): TestApp {
      return t;
    },
    /** The signed-in admin's headers, the default for every request. */
    get admin(): Record<string, string> {
      return admin;
    },
    get adminId(): string {
      return adminId;
    },
    uniqueEmail,
    create,
    createOk,
    patch,
    restrict,
    list,
    auditOf,
    superAdminId,
  };
}
