import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../../src/server/db/embedded/index.ts';
import { APP_ROLE, asRole, ensureAppRole, withClient } from '../../src/server/db/roles.ts';
import type { TestDatabaseServer } from './db-template.ts';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Once per run and project: a PostgreSQL server (the portal's embedded one in a temporary
 * DATA_DIR, or the server at TEST_DATABASE_URL for the `server-postgres` project) with one
 * migrated template database, which every test file clones (CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let adminUrl: string;
  let stopServer = async () => {};
  if (project.name === 'server-postgres') {
    adminUrl = process.env.TEST_DATABASE_URL!;
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'quality-portal-test-pg-'));
    const server = await startEmbeddedPostgres({ dataDir, settings: { max_connections: '200' } });
    adminUrl = server.url('postgres');
    stopServer = async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const template = `qp_template_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${template}`));
  // The portal's app role, as a start creates it; the template's grants go with every copy of it.
  const appRole = { name: APP_ROLE, password: 'portal-app-test-password' };
  await ensureAppRole(adminUrl, appRole.name, appRole.password);
  const database = openPostgres(asRole(withDatabase(adminUrl, template), appRole.name, appRole.password), { max: 1, migrationUrl: withDatabase(adminUrl, template) });
  await database.migrate();
  await database.close();
  project.provide('testDatabaseServer', { adminUrl, template, appRole } satisfies TestDatabaseServer);
  return async () => {
    await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
    await stopServer();
  };
}
