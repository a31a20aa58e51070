import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { MIGRATIONS_DIR } from '../client.ts';
import { type ArchiveManifest, type Query, Refused, quoteIdent, readJournal } from './catalog.ts';
import { queryOf } from './export.ts';

/** An archive being read: its manifest, then each table's COPY text lines in the manifest's order. */
export interface ArchiveSource {
  manifest: ArchiveManifest;
  tables(): AsyncIterable<{ name: string; lines: AsyncIterable<string> }>;
  close(): Promise<void>;
}

/** A copy of the migrations folder whose journal ends at `when`, to bring a new database to the archive's shape. */
function migrationsUpTo(when: number): string {
  const journal = readJournal();
  const at = journal.findIndex((e) => e.when === when);
  if (at === -1) {
    const newest = journal.at(-1);
    throw new Refused(
      newest && when > newest.when
        ? 'The archive comes from a newer release of the portal; import it with that release or a later one.'
        : `The archive's migration (${when}) is not one this release knows.`,
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'quality-portal-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries: journal.slice(0, at + 1) }));
  return dir;
}

async function copyTable(client: pg.Client, table: ArchiveManifest['tables'][number], lines: AsyncIterable<string>): Promise<number> {
  const stream = client.query(copyFrom(`COPY ${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(', ')}) FROM STDIN`));
  let count = 0;
  let batch: string[] = [];
  let size = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const ok = stream.write(`${batch.join('\n')}\n`);
    batch = [];
    size = 0;
    if (!ok) await once(stream, 'drain');
  };
  try {
    for await (const line of lines) {
      batch.push(line);
      size += line.length;
      count++;
      if (size > 256 * 1024) await flush();
    }
    await flush();
  } catch (err) {
    // Abort the COPY (the server gets CopyFail), or the connection would wait for its end forever.
    stream.destroy(err as Error);
    await finished(stream).catch(() => undefined);
    throw err;
  }
  stream.end();
  await finished(stream);
  return count;
}

/**
 * Empty: no table holds a row (a database the portal has only migrated, or one a failed import
 * left behind, qualifies) and no migration beyond the archive's has been applied.
 */
async function refuseUnlessEmpty(query: Query, archiveWhen: number): Promise<void> {
  const tables = await query<{ name: string }>(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
  for (const { name } of tables) {
    const [row] = await query<{ used: boolean }>(`select exists (select 1 from ${quoteIdent(name)}) as used`);
    if (row?.used) {
      throw new Refused(`The target database is not empty (table ${name} has rows). Import only into an empty database: a new DATA_DIR, or a new database at DATABASE_URL.`);
    }
  }
  const [tracked] = await query<{ ok: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
  const [applied] = tracked?.ok ? await query<{ when: string | null }>('select max(created_at)::text as "when" from drizzle.__drizzle_migrations') : [];
  if (applied?.when && Number(applied.when) > archiveWhen) {
    throw new Refused('The target database was set up by a later release than the archive; import into a new, empty database.');
  }
}

/**
 * Loads an archive into the empty database at `url`: migrates it to the archive's migration,
 * copies every table in one transaction (row counts checked against the manifest), moves the
 * sequences past the loaded ids, then applies this release's later migrations. Derived tables
 * are rebuilt by their triggers as the rows arrive.
 */
export async function importArchive(url: string, source: ArchiveSource): Promise<{ tables: number; rows: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query = queryOf(client);
  try {
    await refuseUnlessEmpty(query, source.manifest.migration.when);
    const { manifest } = source;
    const folder = migrationsUpTo(manifest.migration.when);
    try {
      await migrate(drizzle({ client }), { migrationsFolder: folder });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    let rows = 0;
    await client.query('BEGIN');
    try {
      let i = 0;
      for await (const { name, lines } of source.tables()) {
        const table = manifest.tables[i++];
        if (table?.name !== name) throw new Error(`The archive is damaged: table ${name} out of order.`);
        const n = await copyTable(client, table, lines);
        if (n !== table.rows) throw new Error(`The archive is damaged: ${name} holds ${n} rows, its manifest says ${table.rows}.`);
        rows += n;
      }
      if (i !== manifest.tables.length) throw new Error('The archive is damaged: it ends before its last table.');
      const serials = await query<{ seq: string; tbl: string; col: string }>(
        `select pg_get_serial_sequence(format('%I', c.table_name), c.column_name) as seq, c.table_name as tbl, c.column_name as col
           from information_schema.columns c
          where c.table_schema = 'public' and pg_get_serial_sequence(format('%I', c.table_name), c.column_name) is not null`,
      );
      for (const s of serials) {
        await client.query(`select setval($1, coalesce((select max(${quoteIdent(s.col)}) from ${quoteIdent(s.tbl)}), 0) + 1, false)`, [s.seq]);
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
    return { tables: manifest.tables.length, rows };
  } finally {
    await client.end();
  }
}
