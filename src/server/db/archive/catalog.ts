import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { MIGRATIONS_DIR } from '../client.ts';

/** A refusal the person running a database command can act on: its message is shown alone. */
export class Refused extends Error {}

export const ARCHIVE_MAGIC = 'quality-portal-export 1';

const Identifier = z.string().regex(/^[a-z_][a-z0-9_]*$/, 'not a plain identifier');
export const ArchiveManifest = z.object({
  createdAt: z.string(),
  /** The last migration applied to the exported database (its journal entry). */
  migration: z.object({ when: z.number().int(), tag: z.string() }),
  tables: z.array(z.object({ name: Identifier, columns: z.array(Identifier).min(1), rows: z.number().int().nonnegative() })),
});
export type ArchiveManifest = z.infer<typeof ArchiveManifest>;

/** Tables the database keeps itself from other tables (by trigger): rebuilt on import, never carried. */
export const DERIVED_TABLES = new Set(['submission_day_counts', 'complaint_day_counts', 'complaint_code_day_counts', 'complaint_code_month_counts']);
/**
 * Live credentials, never written to an archive: the shared Arena session (a restored portal signs
 * in afresh) and every second factor's seed, recovery codes and pending challenges (sealed with
 * the MFA key, which stays in DATA_DIR; an archive is a file that travels). In a portal restored
 * from an archive, two-step verification is off for everyone: each user sets it up again, and the
 * roles of MFA_REQUIRED_ROLES are asked to at their first password sign-in.
 */
export const CREDENTIAL_TABLES = new Set(['arena_sessions', 'mfa_totp', 'mfa_recovery_codes', 'mfa_challenges']);

/** A query function: node-postgres and PGlite both fit behind it. */
export type Query = <T extends Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export function readJournal(folder = MIGRATIONS_DIR): JournalEntry[] {
  return (JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
}

export const quoteIdent = (name: string) => `"${Identifier.parse(name)}"`;

/** The migration the database stands at, from Drizzle's own record of applied migrations. */
export async function currentMigration(query: Query): Promise<ArchiveManifest['migration']> {
  const [exists] = await query<{ ok: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
  if (!exists?.ok) throw new Error('This database holds no Quality Portal data (no migrations were ever applied to it).');
  const [last] = await query<{ when: string }>('select created_at::text as "when" from drizzle.__drizzle_migrations order by created_at desc limit 1');
  const when = Number(last?.when);
  const entry = readJournal().find((e) => e.when === when);
  return { when, tag: entry?.tag ?? `unknown migration ${when}` };
}

/**
 * The portal's tables (schema public, less the derived ones), parents before children so foreign
 * keys hold while loading, each with its stored columns and row count.
 */
export async function readTables(query: Query): Promise<ArchiveManifest['tables']> {
  const columns = await query<{ table: string; column: string }>(
    `select c.table_name as "table", c.column_name as "column"
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      order by c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns) if (!DERIVED_TABLES.has(table) && !CREDENTIAL_TABLES.has(table)) byTable.set(table, [...(byTable.get(table) ?? []), column]);
  const edges = await query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`,
  );
  const ordered: string[] = [];
  const visit = (name: string, seen: Set<string>) => {
    if (ordered.includes(name) || seen.has(name)) return;
    seen.add(name);
    for (const e of edges) if (e.child === name && e.parent !== name && byTable.has(e.parent)) visit(e.parent, seen);
    ordered.push(name);
  };
  for (const name of [...byTable.keys()].sort()) visit(name, new Set());
  const out: ArchiveManifest['tables'] = [];
  for (const name of ordered) {
    const [count] = await query<{ n: string }>(`select count(*)::text as n from ${quoteIdent(name)}`);
    out.push({ name, columns: byTable.get(name)!, rows: Number(count?.n ?? 0) });
  }
  return out;
}
