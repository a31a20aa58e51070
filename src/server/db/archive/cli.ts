// `npm run db:export FILE`, `npm run db:import FILE`, `npm run db:import-pglite [DIR]`: backups and
// moves of the portal's data, on the embedded database in DATA_DIR or the one at DATABASE_URL.
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { lockDataDir, lockHolder, runningServerUrl, startEmbeddedPostgres } from '../embedded/index.ts';
import { legacyPgliteDir, markPgliteImported } from '../legacy-pglite.ts';
import { exportDatabase } from './export.ts';
import { openArchiveFile } from './file-source.ts';
import { Refused } from './catalog.ts';
import { type ArchiveSource, importArchive } from './import.ts';
import { openPgliteSource } from './pglite-source.ts';

const USAGE = 'usage: db export FILE | db import FILE | db import-pglite [DIR]';
const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * Runs `fn` against the portal database: DATABASE_URL's, the embedded server of a running portal
 * (only when `online` — an export reads beside it), or the embedded server started here for the
 * job with DATA_DIR locked (an import never runs under a live portal).
 */
async function withTarget<T>(online: boolean, fn: (url: string, where: string) => Promise<T>): Promise<T> {
  const config = loadConfig();
  if (config.DATABASE_URL) {
    const u = new URL(config.DATABASE_URL);
    return fn(config.DATABASE_URL, `${u.host}${u.pathname}`);
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

async function load(source: ArchiveSource, url: string, where: string): Promise<void> {
  const { migration } = source.manifest;
  say(`Importing into ${where} (archive at migration ${migration.tag}) …`);
  const { tables, rows } = await importArchive(url, source);
  say(`Imported ${tables} tables, ${rows.toLocaleString('en-US')} rows; the database is migrated to this release.`);
}

async function main(args: string[]): Promise<void> {
  const [command, arg] = args;
  if (command === 'export' && arg) {
    await withTarget(true, async (url, where) => {
      const manifest = await exportDatabase(url, arg);
      const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
      say(`Exported ${where}: ${manifest.tables.length} tables, ${rows.toLocaleString('en-US')} rows, migration ${manifest.migration.tag} → ${arg}`);
    });
  } else if (command === 'import' && arg) {
    const source = await openArchiveFile(arg);
    await withTarget(false, (url, where) => load(source, url, where)).finally(() => source.close());
  } else if (command === 'import-pglite') {
    const config = loadConfig();
    const dir = arg ?? legacyPgliteDir(config.DATA_DIR);
    if (!dir) throw new Refused(`No earlier release's database found in ${path.resolve(config.DATA_DIR, 'db')}.`);
    const source = await openPgliteSource(dir);
    await withTarget(false, async (url, where) => {
      await load(source, url, where);
      markPgliteImported(config.DATA_DIR, where);
      say(`${dir} was left as it was; delete it once you no longer need it.`);
    }).finally(() => source.close());
  } else {
    throw new Refused(USAGE);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`${err instanceof Refused ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
