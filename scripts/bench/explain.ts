import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema/index.ts';
import { createSubmissionListRepo } from '../../src/server/features/submissions/list.repo.ts';
import { createTrendsRepo } from '../../src/server/features/trends/trends.repo.ts';
import type { DbTarget } from './databases.ts';

interface Logged {
  sql: string;
  params: unknown[];
}

/** A drizzle instance that logs its statements, and a way to run raw SQL on the same database. */
interface Conn {
  db: Db;
  run(text: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  end(): Promise<void>;
}

function connect(target: DbTarget, logger: Logger): Conn {
  const pool = new pg.Pool({ connectionString: target.location, max: 1 });
  return {
    db: drizzlePg({ client: pool, schema, logger }),
    run: async (text, params) => (await pool.query<Record<string, unknown>>(text, params)).rows,
    end: () => pool.end(),
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement logged, under a label. */
async function explainLogged(conn: Conn, kind: string, label: string, queries: Logged[], out: string[]): Promise<void> {
  for (const q of queries) {
    const plan = await conn.run(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params);
    out.push(`--- ${kind} ${label}: ${q.sql.slice(0, 160)}${q.sql.length > 160 ? ' …' : ''}`);
    out.push(...plan.map((r) => `    ${String(Object.values(r)[0])}`));
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement GET /v1/trends sends (its rows, totals, products and
 * the period's signals) for each view, as the trends repository writes them.
 */
export async function explainTrends(target: DbTarget, formId: string, views: { name: string; from: string; to: string; f: { product?: string; code?: string } }[]): Promise<string> {
  const logged: Logged[] = [];
  const conn = connect(target, { logQuery: (sql, params) => void logged.push({ sql, params }) });
  try {
    const repo = createTrendsRepo();
    const out: string[] = [];
    for (const v of views) {
      logged.length = 0;
      await repo.rows(conn.db, formId, v.from, v.to, v.f);
      await repo.totals(conn.db, formId, v.from, v.to, v.f);
      await repo.products(conn.db, formId, v.from, v.to);
      await repo.signals(conn.db, formId, { from: v.from, to: v.to });
      await explainLogged(conn, target.kind, `trends ${v.name}`, [...logged], out);
    }
    return out.join('\n');
  } finally {
    await conn.end();
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of exactly the SQL the repo sends for a list page and its total,
 * and for the CSV export's second batch (the one with a cursor): a drizzle instance with a logger
 * records the statements, which then run again under EXPLAIN.
 */
export async function explainList(target: DbTarget, formId: string, views: { name: string; filters: { bad_gte?: string; bad_lte?: string } }[]): Promise<string> {
  const logged: Logged[] = [];
  const conn = connect(target, { logQuery: (sql, params) => void logged.push({ sql, params }) });
  try {
    const repo = createSubmissionListRepo(conn.db);
    const out: string[] = [];
    const explain = (label: string, queries: Logged[]) => explainLogged(conn, target.kind, label, queries, out);
    const today = new Date().toISOString().slice(0, 10);
    for (const v of views) {
      logged.length = 0;
      await repo.page(formId, v.filters, today, { field: 'submissionDate', order: 'desc' }, 0, 10);
      await repo.total(formId, v.filters, today);
      await explain(v.name, [...logged]);
    }
    await explain('CSV export (the SELECT inside its COPY)', [repo.exportQuery(formId, {}, today)]);
    return out.join('\n');
  } finally {
    await conn.end();
  }
}
