import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite as PGliteClass } from '@electric-sql/pglite';
import type { ArchiveSource } from './import.ts';
import { type Query, currentMigration, quoteIdent, readTables } from './catalog.ts';

/**
 * The database of releases up to 0.1 (PGlite, DATA_DIR/db) as an archive source. It is read from
 * a copy, so the original folder is never written to, whatever opening a database does. PGlite is an optional dependency that only this importer loads.
 */
export async function openPgliteSource(dir: string): Promise<ArchiveSource> {
  let PGlite: typeof PGliteClass;
  try {
    ({ PGlite } = await import('@electric-sql/pglite'));
  } catch {
    throw new Error('Reading the earlier release\'s database needs the optional package @electric-sql/pglite; install it with `npm install @electric-sql/pglite`.');
  }
  const copy = mkdtempSync(path.join(os.tmpdir(), 'quality-portal-pglite-'));
  cpSync(dir, copy, { recursive: true });
  const db = await PGlite.create(copy);
  const close = async () => {
    await db.close();
    rmSync(copy, { recursive: true, force: true });
  };
  const query: Query = async (text, params) => (await db.query<never>(text, params)).rows;
  try {
    const manifest = { createdAt: new Date().toISOString(), migration: await currentMigration(query), tables: await readTables(query) };
    return {
      manifest,
      async *tables() {
        for (const table of manifest.tables) {
          const result = await db.query(`COPY ${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(', ')}) TO '/dev/blob'`);
          const text = result.blob ? await result.blob.text() : '';
          const lines = text === '' ? [] : text.replace(/\n$/, '').split('\n');
          yield { name: table.name, lines: (async function* () { yield* lines; })() };
        }
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
