import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;

/**
 * Runs `fn` only if no other holder of `key` is running it anywhere; answers `{ ran: false }`
 * otherwise. A session advisory lock, so one instance of many does the work.
 */
export type WithLock = <T>(key: number, fn: () => Promise<T>) => Promise<{ ran: true; value: T } | { ran: false }>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** 'embedded': the portal's own server in DATA_DIR; 'external': the one at DATABASE_URL. */
  kind: 'embedded' | 'external';
  withLock: WithLock;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** One process's stand-in for the advisory lock, for services built without a database lock (unit tests). */
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
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export function openPostgres(url: string, opts: { max?: number; kind?: Database['kind'] } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, connectionTimeoutMillis: 10_000 });
  // An idle connection the server ends (restart, failover, pg_terminate_backend) is dropped by the
  // pool and the next query opens a new one; unhandled, the pool's 'error' event would crash the process.
  pool.on('error', () => undefined);
  // The pool listens only on idle clients; a checked-out one (a transaction, the advisory lock)
  // that loses its server emits 'error' with no listener, which would end the process. The failed
  // query reports the loss instead, and the pool discards the client on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle({ client: pool, schema });
  return {
    db,
    pool,
    kind: opts.kind ?? 'external',
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
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}
