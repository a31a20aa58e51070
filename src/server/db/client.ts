import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The database: Drizzle over a node-postgres pool (`$client`, for the few things Drizzle does not do, such as COPY). */
export type Db = NodePgDatabase<Schema> & { $client: pg.Pool };

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** 'embedded': the portal's own server in DATA_DIR; 'external': the one at DATABASE_URL. */
  kind: 'embedded' | 'external';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Bundled builds copy the folder next to the server bundle; source runs read it in place. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export function openPostgres(url: string, opts: { max?: number; kind?: Database['kind'] } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, connectionTimeoutMillis: 10_000 });
  // An idle connection the server ends (restart, failover, pg_terminate_backend) is dropped by the
  // pool and the next query opens a new one; unhandled, the pool's 'error' event would crash the process.
  pool.on('error', () => undefined);
  // The pool listens only on idle clients; a checked-out one (a transaction)
  // that loses its server emits 'error' with no listener, which would end the process. The failed
  // query reports the loss instead, and the pool discards the client on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle({ client: pool, schema });
  return {
    db,
    pool,
    kind: opts.kind ?? 'external',
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}
