import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres } from '../../src/server/db/client.ts';
import type { TestProject } from 'vitest/node';
import { TEMPLATE_DB } from './db-template.ts';

/**
 * Migrates once per run: a PGlite data dir dumped to a file each test file loads, and, with
 * TEST_DATABASE_URL, a PostgreSQL template database each test file clones.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const client = new PGlite();
  const database = openPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'quality-portal-test-')), 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  await client.close();

  const url = process.env.TEST_DATABASE_URL;
  if (!url || project.name !== 'server-postgres') return async () => {};
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  const pgDatabase = openPostgres(templateUrl.toString(), 1);
  await pgDatabase.migrate();
  await pgDatabase.close();
  await admin.end();
  return async () => {
    const end = new pg.Client({ connectionString: url });
    await end.connect();
    await end.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await end.end();
  };
}
