// The portal's database for a command run beside (or instead of) the portal: DATABASE_URL's, the
// embedded server of a running portal, or the embedded server started for the job.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { Refused } from './archive/catalog.ts';
import { lockDataDir, lockHolder, runningServerUrl, startEmbeddedPostgres } from './embedded/index.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * Runs `fn` against the portal database as the schema's owner: MIGRATION_DATABASE_URL's (else DATABASE_URL's), the embedded server of a running portal
 * (only when `online` — an export reads beside it), or the embedded server started here for the
 * job with DATA_DIR locked (an import never runs under a live portal).
 */
export async function withTarget<T>(online: boolean, fn: (url: string, where: string) => Promise<T>): Promise<T> {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    // As the schema's owner: the app's own role may not read the migrations' stamp nor create tables.
    const url = config.MIGRATION_DATABASE_URL ?? config.DATABASE_URL;
    const u = new URL(url);
    return fn(url, `${u.host}${u.pathname}`);
  }
  const where = `the embedded database in ${path.resolve(config.DATA_DIR)}`;
  const holder = await lockHolder(config.DATA_DIR);
  if (holder) {
    if (!online) throw new Refused(`The portal (process ${holder.pid}) is running on ${config.DATA_DIR}; stop it first.`);
    return fn(runningServerUrl(config.DATA_DIR), where);
  }
  const lock = await lockDataDir(config.DATA_DIR);
  try {
    const server = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT, log: (_level, m) => say(m) });
    try {
      return await fn(server.url(), where);
    } finally {
      await server.stop();
    }
  } finally {
    await lock.release();
  }
}

