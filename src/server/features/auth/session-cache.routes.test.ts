import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instance, type TestApp, bearer, createTestApp, secondInstance } from '../../../../tests/support/test-app.ts';

let t: TestApp;
let other: Instance;
const profile = (app: { request: TestApp['request'] }, access: string) => app.request({ method: 'GET', url: '/v1/auth/profile', headers: bearer(access) });

/** Polls until `check` holds, failing after `ms`: waits for an observable event, not for time. */
async function until(check: () => Promise<boolean> | boolean, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Waits until `other` has acted on every change notification sent so far. PostgreSQL delivers them
 * in commit order: once `other` refuses a session revoked now (cached first, so only the
 * notification can end it), it has taken the earlier ones too, such as a sign-in's update of its user.
 */
async function notificationsCaughtUp(): Promise<void> {
  const marker = await t.createUser('member');
  const { access } = await t.login(marker.email, marker.password);
  await profile(other, access);
  await t.database.db.execute(sql`update sessions set revoked_at = now() where user_id = ${marker.id}`);
  await until(async () => (await profile(other, access)).statusCode === 401);
}

beforeAll(async () => {
  t = await createTestApp();
  other = await secondInstance(t);
  await until(() => t.app.services.authCache.trusted() && other.app.services.authCache.trusted());
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('the sign-in check cache across instances', () => {
  it('is used: with the notifying trigger off, an instance that checked a session keeps checking against its cache', async () => {
    const u = await t.createUser('staff');
    const { access } = await t.login(u.email, u.password);
    // A notification of the sign-in arriving after the check below would rightly empty the cache.
    await notificationsCaughtUp();
    expect((await profile(other, access)).statusCode).toBe(200);
    await t.database.owner.db.execute(sql`alter table sessions disable trigger sessions_auth_changed`);
    try {
      await t.database.db.execute(sql`update sessions set revoked_at = now() where user_id = ${u.id}`);
      expect((await profile(other, access)).statusCode).toBe(200);
      expect((await profile(t, access)).statusCode).toBe(401);
    } finally {
      await t.database.owner.db.execute(sql`alter table sessions enable trigger sessions_auth_changed`);
    }
  });

  it('a logout on one instance ends the session on the other as soon as the database tells it', async () => {
    const u = await t.createUser('member');
    const tokens = await t.login(u.email, u.password);
    expect((await profile(other, tokens.access)).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/v1/auth/logout', payload: { refreshToken: tokens.refresh } })).statusCode).toBeLessThan(300);
    expect((await profile(t, tokens.access)).statusCode).toBe(401);
    await until(async () => (await profile(other, tokens.access)).statusCode === 401);
  });

  it('a change made straight in the database reaches every instance', async () => {
    const u = await t.createUser('staff');
    const { access } = await t.login(u.email, u.password);
    for (const app of [t, other]) expect((await profile(app, access)).statusCode).toBe(200);
    await t.database.db.execute(sql`update users set is_restricted = true where id = ${u.id}`);
    await until(async () => (await profile(t, access)).statusCode === 401 && (await profile(other, access)).statusCode === 401);
  });

  it('while notifications cannot be received nothing is cached, and it resumes once they can', async () => {
    await t.database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN %'`);
    await until(() => !t.app.services.authCache.trusted());
    const u = await t.createUser('staff');
    const { access } = await t.login(u.email, u.password);
    expect((await profile(t, access)).statusCode).toBe(200);
    await t.database.owner.db.execute(sql`alter table sessions disable trigger sessions_auth_changed`);
    try {
      await t.database.db.execute(sql`update sessions set revoked_at = now() where user_id = ${u.id}`);
      expect((await profile(t, access)).statusCode).toBe(401);
    } finally {
      await t.database.owner.db.execute(sql`alter table sessions enable trigger sessions_auth_changed`);
    }
    await until(() => t.app.services.authCache.trusted(), 5_000);
  });
});
