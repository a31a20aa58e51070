import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, type Db, openPglite, openPostgres } from '../../src/server/db/client.ts';

export type DbKind = 'postgres' | 'pglite';
export const BENCH_DB_NAME = 'quality_portal_bench';

/** Where a child server finds the bench database: a URL, or a PGlite data directory. */
export interface DbTarget {
  kind: DbKind;
  label: string;
  /** postgres: the bench database's URL; pglite: the data directory. */
  location: string;
  /** Drops the database / removes the directory; safe to call twice. */
  destroy(): Promise<void>;
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh, empty PostgreSQL database on the server of `serverUrl` (a leftover one is dropped first). */
export async function createPostgresTarget(serverUrl: string): Promise<DbTarget> {
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${BENCH_DB_NAME} WITH (FORCE)`);
  await adminQuery(serverUrl, `CREATE DATABASE ${BENCH_DB_NAME}`);
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DB_NAME}`;
  const shown = `${url.host}${url.pathname}`;
  let dropped = false;
  return {
    kind: 'postgres',
    label: `PostgreSQL (${shown})`,
    location: url.toString(),
    async destroy() {
      if (dropped) return;
      dropped = true;
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${BENCH_DB_NAME} WITH (FORCE)`);
    },
  };
}

/** A fresh PGlite data directory under the OS temp dir. */
export function createPgliteTarget(): DbTarget {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quality-portal-bench-'));
  return {
    kind: 'pglite',
    label: 'PGlite (embedded)',
    location: path.join(dir, 'db'),
    async destroy() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Opens the target with the product's own client code (same driver, same pool size as main.ts). */
export async function openTarget(target: DbTarget): Promise<{ database: Database; pglite: PGlite | null }> {
  if (target.kind === 'postgres') return { database: openPostgres(target.location), pglite: null };
  const pglite = await PGlite.create(target.location);
  return { database: openPglite(pglite), pglite };
}

/**
 * What autovacuum would do on PostgreSQL soon after a bulk load (statistics, visibility map).
 * PGlite runs no autovacuum; the product's Database.maintain() stands in for it in each server.
 */
export async function settle(database: Database): Promise<string> {
  if (database.kind !== 'postgres') return 'nothing: each server process runs the product\'s own PGlite maintenance (VACUUM ANALYZE) first';
  await database.db.execute(sql`VACUUM ANALYZE`);
  return 'VACUUM ANALYZE (what autovacuum does after a bulk load)';
}

/** Raw SQL rows: db.execute's result type is generic over the driver, but both answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows?: T[] };
  return result.rows ?? [];
}
