import path from 'node:path';
import { asc } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { openPostgres } from '../../db/client.ts';
import { isCluster } from '../../db/embedded/cluster.ts';
import { DataDirInUse, lockDataDir, lockHolder, startEmbeddedPostgres } from '../../db/embedded/index.ts';
import { fieldMappings } from '../../db/schema/index.ts';

/** The Arena step attributes the field mappings write, where they were read, or why none were. */
export type MappedAttributes =
  | { from: string; mappings: { name: string; guid: string }[] }
  | { from: string; error: string }
  | { none: string };

async function read(url: string): Promise<{ name: string; guid: string }[]> {
  const database = openPostgres(url, { max: 1 });
  try {
    return await database.db
      .select({ name: fieldMappings.name, guid: fieldMappings.arenaFieldGuid })
      .from(fieldMappings)
      .orderBy(asc(fieldMappings.name));
  } finally {
    await database.close();
  }
}

/**
 * The field mappings, read only: from DATABASE_URL, or from the embedded database in DATA_DIR when
 * no portal runs on it (it is started for the read and stopped again). A running portal's folder
 * is left alone, and a folder without a database has no mappings to check.
 */
export async function readMappedAttributes(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT'>): Promise<MappedAttributes> {
  if (config.DATABASE_URL) {
    const u = new URL(config.DATABASE_URL);
    const from = `the database at ${u.host}${u.pathname}`;
    try {
      return { from, mappings: await read(config.DATABASE_URL) };
    } catch (err) {
      return { from, error: err instanceof Error ? err.message : String(err) };
    }
  }
  const dir = path.resolve(config.DATA_DIR);
  if (!isCluster(path.join(dir, 'postgres'))) return { none: `no DATABASE_URL, and DATA_DIR ${dir} holds no portal database` };
  const holder = await lockHolder(dir);
  if (holder) return { none: `the portal (process ${holder.pid}) is running on DATA_DIR ${dir}; stop it or set DATABASE_URL to check them` };
  const from = `the embedded database in ${dir}`;
  let lock;
  try {
    lock = await lockDataDir(dir);
  } catch (err) {
    if (err instanceof DataDirInUse) return { none: `a portal started on DATA_DIR ${dir} meanwhile` };
    throw err;
  }
  try {
    const server = await startEmbeddedPostgres({ dataDir: dir, port: config.EMBEDDED_PG_PORT });
    try {
      return { from, mappings: await read(server.url()) };
    } finally {
      await server.stop();
    }
  } catch (err) {
    return { from, error: err instanceof Error ? err.message : String(err) };
  } finally {
    await lock.release();
  }
}
