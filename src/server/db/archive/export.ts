import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { ARCHIVE_MAGIC, type ArchiveManifest, type Query, currentMigration, quoteIdent, readTables } from './catalog.ts';

export function queryOf(client: pg.Client): Query {
  return async (text, params) => (await client.query(text, params)).rows;
}

/**
 * Writes every table of the database at `url` into one gzip archive at `file`: a header line, the
 * manifest (migration, tables, columns, row counts) as one JSON line, then each table's rows in
 * PostgreSQL's COPY text format closed by a `\.` line. One REPEATABLE READ transaction, so the
 * archive is one consistent moment even while the portal keeps working. The file holds health
 * information and password hashes: it is written owner-only, under a fresh temporary name created
 * exclusively (never through a file or link someone left there), and renamed once complete.
 */
export async function exportDatabase(url: string, file: string): Promise<ArchiveManifest> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const partial = `${file}.${randomBytes(8).toString('hex')}.partial`;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const query = queryOf(client);
    const manifest: ArchiveManifest = { createdAt: new Date().toISOString(), migration: await currentMigration(query), tables: await readTables(query) };
    const out = createWriteStream(partial, { mode: 0o600, flags: 'wx' });
    const gzip = createGzip();
    gzip.pipe(out);
    const write = async (chunk: Buffer | string) => {
      if (!gzip.write(chunk)) await once(gzip, 'drain');
    };
    await write(`${ARCHIVE_MAGIC}\n${JSON.stringify(manifest)}\n`);
    for (const table of manifest.tables) {
      const rows = client.query(copyTo(`COPY ${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(', ')}) TO STDOUT`));
      for await (const chunk of rows) await write(chunk as Buffer);
      await write('\\.\n');
    }
    gzip.end();
    await finished(out);
    await client.query('COMMIT');
    renameSync(partial, file);
    return manifest;
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    await client.end();
  }
}
