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

export function openPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    withLock: inProcessLock(),
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

export function openPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
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
