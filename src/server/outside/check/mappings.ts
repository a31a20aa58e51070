import path from 'node:path';
import { asc } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, openPostgres } from '../../db/client.ts';
import { isCluster } from '../../db/embedded/cluster.ts';
import { DataDirInUse, lockDataDir, lockHolder, startEmbeddedPostgres } from '../../db/embedded/index.ts';
import { fieldMappings } from '../../db/schema/index.ts';

/** The Arena step attributes the field mappings write, where they were read, or why none were. */
export type MappedAttributes =
  | { from: string; mappings: { name: string; guid: string }[] }
  | { from: string; error: string }
  | { none: string };

/**
 * The portal's database while the checks run: where its field mappings, its shared Arena session
 * and its sign-in back-off are kept. `none`: no database to reach (and why); `error`: it could not be opened.
 */
export type PortalDatabase = { from: string; db: Db; close(): Promise<void> } | { from: string; error: string } | { none: string };

async function opened(url: string, from: string, after: () => Promise<void> = async () => {}): Promise<PortalDatabase> {
  const database = openPostgres(url, { max: 2 });
  try {
    await database.pool.query('select 1');
  } catch (err) {
    await database.close();
    await after();
    return { from, error: err instanceof Error ? err.message : String(err) };
  }
  return {
    from,
    db: database.db,
    close: async () => {
      await database.close();
      await after();
    },
  };
}

/**
 * DATABASE_URL, or the embedded database in DATA_DIR when no portal runs on it (it is started for
 * the checks and stopped after them). A running portal's folder is left alone, and a folder
 * without a database has nothing to read.
 */
export async function openPortalDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT'>): Promise<PortalDatabase> {
  if (config.DATABASE_URL) {
    const u = new URL(config.DATABASE_URL);
    return opened(config.DATABASE_URL, `the database at ${u.host}${u.pathname}`);
  }
  const dir = path.resolve(config.DATA_DIR);
  if (!isCluster(path.join(dir, 'postgres'))) return { none: `no DATABASE_URL, and DATA_DIR ${dir} holds no portal database` };
  const holder = await lockHolder(dir);
  if (holder) return { none: `the portal (process ${holder.pid}) is running on DATA_DIR ${dir}; stop it or set DATABASE_URL to check with its database` };
  const from = `the embedded database in ${dir}`;
  let lock;
  try {
    lock = await lockDataDir(dir);
  } catch (err) {
    if (err instanceof DataDirInUse) return { none: `a portal started on DATA_DIR ${dir} meanwhile` };
    throw err;
  }
  const release = lock.release.bind(lock);
  try {
    const server = await startEmbeddedPostgres({ dataDir: dir, port: config.EMBEDDED_PG_PORT });
    return await opened(server.url(), from, async () => {
      await server.stop();
      await release();
    });
  } catch (err) {
    await release();
    return { from, error: err instanceof Error ? err.message : String(err) };
  }
}

/** The field mappings, read only, from the portal's database. */
export async function readMappedAttributes(portal: PortalDatabase): Promise<MappedAttributes> {
  if ('none' in portal || 'error' in portal) return portal;
  try {
    const mappings = await portal.db.select({ name: fieldMappings.name, guid: fieldMappings.arenaFieldGuid }).from(fieldMappings).orderBy(asc(fieldMappings.name));
    return { from: portal.from, mappings };
  } catch (err) {
    return { from: portal.from, error: err instanceof Error ? err.message : String(err) };
  }
}
