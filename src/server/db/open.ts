import { type Database, openPostgres } from './client.ts';
import { type EmbeddedLog, lockDataDir, startEmbeddedPostgres } from './embedded/index.ts';
import { checkLegacyData } from './legacy-pglite.ts';
import { loadSecret } from '../lib/secrets.ts';
import { APP_ROLE, asRole, ensureAppRole, roleOf } from './roles.ts';

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** MIGRATION_DATABASE_URL: the schema owner's connection for migrations (DATABASE_URL by default). */
  migrationUrl?: string | undefined;
  dataDir: string;
  embeddedPort?: number | undefined;
  log: EmbeddedLog;
}

/**
 * With DATABASE_URL alone (or MIGRATION_DATABASE_URL naming the same role) the app runs as the
 * schema's owner, who can alter the tables and drop the audit trail's triggers: said at every start,
 * so it is a choice and not an oversight (docs/security.md, Least privilege).
 */
export function schemaOwnerWarning(databaseUrl: string, migrationUrl: string | undefined): string | undefined {
  if (migrationUrl !== undefined && roleOf(migrationUrl) !== roleOf(databaseUrl)) return undefined;
  return `The portal connects to DATABASE_URL as the role that owns its schema${migrationUrl === undefined ? ' (MIGRATION_DATABASE_URL is not set)' : ' (MIGRATION_DATABASE_URL names the same role)'}: a flaw in the API could alter the tables and the audit trail. Give the portal a role of its own and set MIGRATION_DATABASE_URL to the owner's connection (docs/security.md, "Least privilege").`;
}

/**
 * The PostgreSQL server at DATABASE_URL, or else the portal's own in DATA_DIR: the folder is
 * locked first (a second portal on it stops here with DataDirInUse), then the server is started.
 * There the migrations run as the cluster's owner and the app as APP_ROLE, which this (re)creates
 * at every start, so a data folder made by an earlier release gets it too.
 * close() stops what open started, in reverse.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const legacy = checkLegacyData(opts.dataDir, Boolean(opts.databaseUrl));
  if (legacy) opts.log('warn', legacy.warning);
  if (opts.databaseUrl) {
    const warning = schemaOwnerWarning(opts.databaseUrl, opts.migrationUrl);
    if (warning) opts.log('warn', warning);
    return openPostgres(opts.databaseUrl, { migrationUrl: opts.migrationUrl });
  }
  const lock = await lockDataDir(opts.dataDir);
  try {
    const server = await startEmbeddedPostgres({ dataDir: opts.dataDir, port: opts.embeddedPort, log: opts.log });
    const password = loadSecret('postgres-app-password', undefined, opts.dataDir, 24);
    await ensureAppRole(server.url('postgres'), APP_ROLE, password);
    const database = openPostgres(asRole(server.url(), APP_ROLE, password), { kind: 'embedded', migrationUrl: server.url() });
    return {
      ...database,
      async close() {
        await database.close();
        await server.stop();
        await lock.release();
      },
    };
  } catch (err) {
    await lock.release();
    throw err;
  }
}
