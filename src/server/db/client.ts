import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { NodePgDatabase, NodePgQueryResultHKT, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { grantAppPrivileges, roleOf } from './roles.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The database: Drizzle over a node-postgres pool (`$client`, for the few things Drizzle does not do, such as COPY). */
export type Db = NodePgDatabase<Schema> & { $client: pg.Pool };

type Relations = ExtractTablesWithRelations<Schema>;

/** What a repository's queries run on: the database itself or one of its transactions. */
export type Queryable = PgDatabase<NodePgQueryResultHKT, Schema, Relations>;

/** An open transaction of the portal's database. */
export type Tx = NodePgTransaction<Schema, Relations>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** The CSV exports' own small pool, with a longer statement limit: a long download never holds the API's connections. */
  exportPool: pg.Pool;
  /** 'embedded': the portal's own server in DATA_DIR; 'external': the one at DATABASE_URL. */
  kind: 'embedded' | 'external';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Bundled builds copy the folder next to the server bundle; source runs read it in place. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Longest a statement of the API may run (its connections' `statement_timeout`). */
export const STATEMENT_TIMEOUT_MS = 60_000;
/** Longest an export's COPY may run, a reader that stops reading included. */
export const EXPORT_STATEMENT_TIMEOUT_MS = 15 * 60_000;
/** Connections of the export pool: the most exports that run at once in one instance. */
export const EXPORT_POOL_SIZE = 4;

function newPool(url: string, max: number, statementTimeoutMs?: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000, ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}) });
  // An idle connection the server ends (restart, failover, pg_terminate_backend) is dropped by the
  // pool and the next query opens a new one; unhandled, the pool's 'error' event would crash the process.
  pool.on('error', () => undefined);
  // The pool listens only on idle clients; a checked-out one (a transaction)
  // that loses its server emits 'error' with no listener, which would end the process. The failed
  // query reports the loss instead, and the pool discards the client on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * The portal's connections to `url`: the API's pool and the exports' pool, each with its statement
 * limit. Migrations run on a connection of their own, without a limit, as `migrationUrl`'s role
 * (the schema's owner; `url` by default). When that is another role than `url`'s, the owner then
 * grants `url`'s role what the app may do (roles.ts), tables added by the migrations included.
 */
export function openPostgres(url: string, opts: { max?: number; kind?: Database['kind']; migrationUrl?: string | undefined } = {}): Database {
  const ownerUrl = opts.migrationUrl ?? url;
  const appRole = roleOf(url);
  const pool = newPool(url, opts.max ?? 10, STATEMENT_TIMEOUT_MS);
  const exportPool = newPool(url, EXPORT_POOL_SIZE, EXPORT_STATEMENT_TIMEOUT_MS);
  const db = drizzle({ client: pool, schema });
  return {
    db,
    pool,
    exportPool,
    kind: opts.kind ?? 'external',
    async migrate() {
      const owner = newPool(ownerUrl, 1);
      try {
        await migrate(drizzle({ client: owner, schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await owner.end();
      }
      if (roleOf(ownerUrl) !== appRole) await grantAppPrivileges(ownerUrl, appRole);
    },
    close: async () => {
      await Promise.all([pool.end(), exportPool.end()]);
    },
  };
}
