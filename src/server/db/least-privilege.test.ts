import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, freshDatabase } from '../../../tests/support/test-app.ts';

/**
 * The portal's own connections run as a role that owns nothing (docs/security.md, "Least
 * privilege"): the tests' databases are opened the same way, so every route test runs as it.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const refusedFor = async (sql: string) => {
  const err = await database.pool.query(sql).then(
    () => null,
    (e: unknown) => e as { code?: string; message: string },
  );
  return err;
};

describe("the app's database role", () => {
  it('is no superuser and owns nothing', async () => {
    const { rows } = await database.pool.query<{ rolsuper: boolean; owned: number }>(
      `select r.rolsuper, (select count(*)::int from pg_class c where c.relowner = r.oid) as owned from pg_roles r where r.rolname = current_user`,
    );
    expect(rows).toEqual([{ rolsuper: false, owned: 0 }]);
  });

  it('adds to the audit trail and reads it', async () => {
    await database.pool.query(`insert into audit_events (at, entity, entity_id, action) values (now(), 'user', 'u-1', 'test entry')`);
    const { rows } = await database.pool.query(`select action from audit_events where entity_id = 'u-1'`);
    expect(rows).toEqual([{ action: 'test entry' }]);
  });

  it.each([
    ['update an audit entry', `update audit_events set action = 'changed'`],
    ['delete an audit entry', 'delete from audit_events'],
    ['empty the audit trail', 'truncate audit_events'],
    ['drop the append-only trigger', 'drop trigger audit_events_append_only on audit_events'],
    ['disable the append-only trigger', 'alter table audit_events disable trigger audit_events_append_only'],
    ['create a table', 'create table intruder (a int)'],
    ['drop a table', 'drop table users'],
  ])('may not %s', async (_what, sql) => {
    const err = await refusedFor(sql);
    // Refused for want of the right (42501) or of ownership, never by the trigger alone.
    expect(err?.code ?? 'allowed', err?.message).toBe('42501');
  });
});
