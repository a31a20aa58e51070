import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Database, type Db, openPostgres } from '../../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../../src/server/db/embedded/index.ts';
import * as schema from '../../src/server/db/schema/index.ts';

export type DbKind = 'postgres' | 'embedded';
/** The database created on the PostgreSQL server (BENCH_DB_NAME), so two runs can share a server. */
export const BENCH_DB_NAME = /^[a-z_][a-z0-9_]{0,62}$/.test(process.env.BENCH_DB_NAME ?? '') ? process.env.BENCH_DB_NAME! : 'quality_portal_bench';

/** Where a child server finds the bench database. */
export interface DbTarget {
  kind: DbKind;
  label: string;
  /** The bench database's URL. */
  location: string;
  /** The embedded server's postmaster pid (its processes count in the portal's memory). */
  postmasterPid?: number;
  /** Drops the database / stops the embedded server; safe to call twice. */
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

/** The portal's embedded PostgreSQL server, as `npm start` runs it, in a fresh DATA_DIR under the OS temp dir. */
export async function createEmbeddedTarget(): Promise<DbTarget> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quality-portal-bench-'));
  const server = await startEmbeddedPostgres({ dataDir: dir });
  let stopped = false;
  return {
    kind: 'embedded',
    label: 'Embedded PostgreSQL (DATA_DIR)',
    location: server.url(),
    postmasterPid: server.pid(),
    async destroy() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Opens the target with the product's own client code (same driver, same pool size as main.ts). */
export function openTarget(target: DbTarget): Database {
  return openPostgres(target.location);
}

/**
 * The target for seeding and VACUUM: one connection without the API's statement time-out, which a
 * million-row seed on a busy machine outlasts.
 */
export function openForSeeding(target: DbTarget): { db: Db; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: target.location, max: 1 });
  return { db: drizzle({ client: pool, schema }), close: () => pool.end() };
}

/** What autovacuum would do soon after a bulk load (statistics, visibility map). */
export async function settle(db: Db): Promise<string> {
  await db.execute(sql`VACUUM ANALYZE`);
  return 'VACUUM ANALYZE (what autovacuum does after a bulk load)';
}

/** Raw SQL rows: db.execute's result type is generic over the driver, but both return `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows?: T[] };
  return result.rows ?? [];
}
