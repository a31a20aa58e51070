import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded/index.ts';
import { openDatabase } from './open.ts';
import { APP_ROLE } from './roles.ts';

const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'qp-roles-')), 'data');
afterAll(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));

async function asSuperuser(fn: (client: pg.Client) => Promise<void>): Promise<void> {
  const server = await startEmbeddedPostgres({ dataDir });
  const client = new pg.Client({ connectionString: server.url() });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
    await server.stop();
  }
}

/** Starts the portal's database as a start does, and returns who the app is and what it may do. */
async function startAndLook(): Promise<{ user: string; canCreate: boolean; auditRights: string[] }> {
  const database = await openDatabase({ dataDir, log: () => undefined });
  try {
    await database.migrate();
    const { rows } = await database.pool.query<{ user: string; can_create: boolean; rights: string[] }>(
      `select current_user as user, has_schema_privilege('public', 'CREATE') as can_create,
              array(select p from unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'TRIGGER']) p where has_table_privilege('audit_events', p)) as rights`,
    );
    return { user: rows[0]!.user, canCreate: rows[0]!.can_create, auditRights: rows[0]!.rights };
  } finally {
    await database.close();
  }
}

describe('the embedded server: migrations as the owner, the app as a role of its own', () => {
  it('a new data folder: the app connects as its role, which may only add to and read the audit trail', async () => {
    expect(await startAndLook()).toEqual({ user: APP_ROLE, canCreate: false, auditRights: ['SELECT', 'INSERT'] });
  });

  it('a data folder from before the role (or with its rights changed) gets it back at the next start', async () => {
    await asSuperuser(async (c) => {
      await c.query(`drop owned by ${APP_ROLE}`);
      await c.query(`drop role ${APP_ROLE}`);
    });
    expect(await startAndLook()).toEqual({ user: APP_ROLE, canCreate: false, auditRights: ['SELECT', 'INSERT'] });
    await asSuperuser(async (c) => {
      await c.query(`grant all on audit_events to ${APP_ROLE}`);
      await c.query(`alter role ${APP_ROLE} superuser`);
    });
    expect(await startAndLook()).toEqual({ user: APP_ROLE, canCreate: false, auditRights: ['SELECT', 'INSERT'] });
  });
});
