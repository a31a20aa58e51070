import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The common face of the PGlite and node-postgres drivers; everything above the client uses only this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * Runs `fn` only if no other holder of `key` is running it anywhere; answers `{ ran: false }`
 * otherwise. PostgreSQL: a session advisory lock, so one instance of many does the work.
 */
export type WithLock = <T>(key: number, fn: () => Promise<T>) => Promise<{ ran: true; value: T } | { ran: false }>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  withLock: WithLock;
  migrate(): Promise<void>;
  /**
   * What autovacuum does on PostgreSQL, for PGlite, which runs none: VACUUM ANALYZE once per
   * process and again whenever the database has grown by a tenth. Without it PGlite never has
   * planner statistics and plans from default guesses. No-op on PostgreSQL.
   */
  maintain(): Promise<void>;
  close(): Promise<void>;
}

/** PGlite serves one process, so an in-process set of held keys is the whole lock. */
export function inProcessLock(): WithLock {
  const held = new Set<number>();
  return async (key, fn) => {
    if (held.has(key)) return { ran: false };
    held.add(key);
    try {
      return { ran: true, value: await fn() };
    } finally {
      held.delete(key);
    }
  };
}

/** Bundled builds copy the folder next to the server bundle; source runs read it in place. */
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** VACUUM ANALYZE, skipped while the database has grown by less than a tenth since the last run; overlapping calls share one run. */
function pgliteMaintenance(client: PGlite): () => Promise<void> {
  let lastSize = 0;
  let running: Promise<void> | undefined;
  const size = async () => Number((await client.query<{ n: string }>('select pg_database_size(current_database())::text as n')).rows[0]?.n ?? 0);
  return () => {
    running ??= (async () => {
      try {
        if (lastSize > 0 && (await size()) < lastSize * 1.1) return;
        await client.exec('VACUUM ANALYZE');
        lastSize = await size();
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
}

export function openPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    withLock: inProcessLock(),
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    maintain: pgliteMaintenance(client),
    close: () => client.close(),
  };
}

export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server ends (restart, failover, pg_terminate_backend) is dropped by the
  // pool and the next query opens a new one; unhandled, the pool's 'error' event would crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async withLock(key, fn) {
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
        if (!rows[0]?.locked) return { ran: false };
        try {
          return { ran: true, value: await fn() };
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
    maintain: async () => {},
    close: () => pool.end(),
  };
}

/** PostgreSQL when a URL is given, else the embedded PGlite in `<dataDir>/db`. */
export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const dir = path.resolve(opts.dataDir, 'db');
  mkdirSync(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir);
  return openPglite(client);
}
