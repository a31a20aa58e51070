// `npm run db:export FILE`, `npm run db:import FILE`, `npm run db:import-pglite [DIR]`: backups and
// moves of the portal's data, on the embedded database in DATA_DIR or the one at DATABASE_URL.
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { withTarget } from '../target.ts';
import { legacyPgliteDir, markPgliteImported } from '../legacy-pglite.ts';
import { exportDatabase } from './export.ts';
import { openArchiveFile } from './file-source.ts';
import { Refused } from './catalog.ts';
import { type ArchiveSource, importArchive } from './import.ts';
import { openPgliteSource } from './pglite-source.ts';

const USAGE = 'usage: db export FILE | db import FILE | db import-pglite [DIR]';
const say = (line: string) => process.stdout.write(`${line}\n`);

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
