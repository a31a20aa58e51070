import { type Database, openPostgres } from './client.ts';
import { type EmbeddedLog, lockDataDir, startEmbeddedPostgres } from './embedded/index.ts';
import { checkLegacyData } from './legacy-pglite.ts';
import { loadSecret } from '../lib/secrets.ts';
import { APP_ROLE, asRole, ensureAppRole } from './roles.ts';

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** MIGRATION_DATABASE_URL: the schema owner's connection for migrations (DATABASE_URL by default). */
  migrationUrl?: string | undefined;
  dataDir: string;
  embeddedPort?: number | undefined;
  log: EmbeddedLog;
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
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, { migrationUrl: opts.migrationUrl });
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
