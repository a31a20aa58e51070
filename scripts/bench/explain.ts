import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { createSubmissionsRepo } from '../../src/server/features/submissions/submissions.repo.ts';
import type { DbTarget } from './databases.ts';

interface Logged {
  sql: string;
  params: unknown[];
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of exactly the SQL the repo sends for a list page and its total:
 * a drizzle instance with a logger records the statements, which then run again under EXPLAIN.
 */
export async function explainList(target: DbTarget, client: PGlite | null, formId: string, views: { name: string; filters: { bad_gte?: string; bad_lte?: string } }[]): Promise<string> {
  const logged: Logged[] = [];
  const logger: Logger = { logQuery: (sql, params) => void logged.push({ sql, params }) };
  const pool = client ? null : new pg.Pool({ connectionString: target.location, max: 1 });
  try {
    const db = (client ? drizzlePglite({ client, schema, logger }) : drizzlePg({ client: pool!, schema, logger })) as unknown as Db;
    const run = async (text: string, params: unknown[]): Promise<Record<string, unknown>[]> =>
      client ? (await client.query<Record<string, unknown>>(text, params)).rows : (await pool!.query<Record<string, unknown>>(text, params)).rows;
    const repo = createSubmissionsRepo(db);
    const out: string[] = [];
    for (const v of views) {
      logged.length = 0;
      await repo.page(formId, v.filters, { field: 'submissionDate', order: 'desc' }, 0, 10);
      await repo.total(formId, v.filters);
      for (const q of [...logged]) {
        const plan = await run(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params);
        out.push(`--- ${target.kind} ${v.name}: ${q.sql.slice(0, 160)}${q.sql.length > 160 ? ' …' : ''}`);
        out.push(...plan.map((r) => `    ${String(Object.values(r)[0])}`));
      }
    }
    return out.join('\n');
  } finally {
    await pool?.end();
  }
}
