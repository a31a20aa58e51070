import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Releases up to 0.1 kept an embedded PGlite database in DATA_DIR/db. */
export function legacyPgliteDir(dataDir: string): string | null {
  const dir = path.resolve(dataDir, 'db');
  return existsSync(path.join(dir, 'PG_VERSION')) ? dir : null;
}

const MARKER = 'pglite-imported.json';

export function markPgliteImported(dataDir: string, into: string): void {
  writeFileSync(path.resolve(dataDir, MARKER), `${JSON.stringify({ importedAt: new Date().toISOString(), into })}\n`);
}

function importedAt(dataDir: string): string | null {
  try {
    return (JSON.parse(readFileSync(path.resolve(dataDir, MARKER), 'utf8')) as { importedAt: string }).importedAt;
  } catch {
    return null;
  }
}

export class LegacyDataFound extends Error {}

/**
 * What a start finds of an earlier release's data. Never deletes or changes it: before it was
 * imported the embedded start refuses (so nobody works on in an empty portal believing the data
 * lost), afterwards it only says the folder may go.
 */
export function checkLegacyData(dataDir: string, external: boolean): { warning: string } | null {
  const dir = legacyPgliteDir(dataDir);
  if (!dir) return null;
  const imported = importedAt(dataDir);
  if (imported) return { warning: `${dir} holds the earlier release's PGlite database, imported on ${imported}; it is no longer used and may be deleted once you no longer need it.` };
  if (external) {
    return { warning: `${dir} holds an earlier release's PGlite database, not used with DATABASE_URL; \`npm run db:import-pglite\` copies it into the database at DATABASE_URL.` };
  }
  throw new LegacyDataFound(
    [
      `DATA_DIR holds the database of an earlier release (PGlite, in ${dir}); this release runs a PostgreSQL server of its own.`,
      '  To move the data:   npm run db:import-pglite   (copies it into the new database; the old folder is kept as it is)',
      `  To start afresh:    move ${dir} out of DATA_DIR, then start again.`,
      'Nothing was changed or deleted.',
    ].join('\n'),
  );
}
