// The bench's server process: the product's app (buildApp) over the bench database, plus the
// FLOOR routes that run the same SQL with nothing else around it. It runs as a child of the bench
// so the load generator never shares its event loop, and so each CSV export is measured in a
// process of its own (peak RSS). bundle.ts bundles it as production is bundled; plain `node` runs it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { SubmissionFilters } from '#shared/contract/submissions';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { type Database, openPostgres } from '../../src/server/db/client.ts';
import { auditEvents, submissions, systemLogs } from '../../src/server/db/schema/index.ts';
import { createSubmissionListRepo } from '../../src/server/features/submissions/list.repo.ts';
import { createTrendsRepo } from '../../src/server/features/trends/index.ts';
import { BENCH_ADMIN, BENCH_FORM_ID } from './seed.ts';

export interface ServerEnv {
  /** The bench database's URL. */
  BENCH_DB_LOCATION: string;
  BENCH_JWT_SECRET: string;
}
/** What the child says on its IPC channel once it listens. */
export interface ReadyMessage {
  ready: string;
}

/**
 * The export's ten columns as the product writes them (dash for empty, Yes/No, the CH number only
 * after a successful transfer), newest first: the database's own CSV writer is the floor.
 */
const FLOOR_CSV_SELECT = `SELECT
  coalesce(nullif(trim(jf_created_at), ''), '-') AS "Submission Date",
  coalesce(nullif(trim(submitter), ''), '-') AS "Submitter Name",
  submission_status AS "Form Status",
  become_aware_date AS "BAD",
  investigation_deadline AS "Investigation Deadline",
  CASE WHEN reportable THEN 'Yes' ELSE 'No' END AS "Reportable",
  CASE WHEN submission_status = 'Successful Transfer' THEN coalesce(nullif(trim(ch_number), ''), '-') ELSE '-' END AS "CH-Number",
  coalesce(nullif(trim(ch_title), ''), '-') AS "CH-Title",
  coalesce(nullif(trim(followup), ''), '-') AS "Good Faith Efforts",
  CASE WHEN email_delivered THEN 'Yes' ELSE 'No' END AS "Delivered"
FROM submissions WHERE form_id = '${BENCH_FORM_ID}' ORDER BY submission_date DESC, id DESC`;

/** GET /floor/list: the repo's page + total, through the same driver, no auth, no validation, no schema. */
function addFloorList(app: FastifyInstance, database: Database): void {
  const repo = createSubmissionListRepo(database.db);
  const today = () => new Date().toISOString().slice(0, 10);
  app.get('/floor/list', async (request) => {
    // Deliberately unvalidated: the floor is what the SQL alone costs.
    const q = request.query as { bad_gte?: string; bad_lte?: string };
    const f: SubmissionFilters = { ...(q.bad_gte ? { bad_gte: q.bad_gte } : {}), ...(q.bad_lte ? { bad_lte: q.bad_lte } : {}) };
    const [results, total] = await Promise.all([repo.page(BENCH_FORM_ID, f, today(), { field: 'submissionDate', order: 'desc' }, 0, 10), repo.total(BENCH_FORM_ID, f, today())]);
    return { results, total };
  });
}

/** GET /floor/csv on PostgreSQL: COPY … TO STDOUT streamed straight into the response. */
function addFloorCsvPostgres(app: FastifyInstance, url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  app.get('/floor/csv', async (_request, reply) => {
    const client = await pool.connect();
    const stream = client.query(copyTo(`COPY (${FLOOR_CSV_SELECT}) TO STDOUT WITH (FORMAT csv, HEADER true)`));
    let released = false;
    const release = (err?: Error) => {
      if (released) return;
      released = true;
      client.release(err);
    };
    stream.on('end', () => release());
    stream.on('error', (err: Error) => release(err));
    return reply.type('text/csv; charset=utf-8').send(stream);
  });
  return pool;
}

/**
 * GET /floor/trends: the trend query's four statements (rows, totals, the products, the
 * period's signals) through the same repository, for the same period (default: the last 12 months
 * on the UTC calendar), with no sign-in, no validation and no response schema.
 */
function addFloorTrends(app: FastifyInstance, database: Database): void {
  const repo = createTrendsRepo();
  app.get('/floor/trends', async (request) => {
    const { from, last, f } = trendsPeriod(request.query as TrendsQueryString);
    const [rows, totals, products, signals] = await Promise.all([
      repo.rows(database.db, BENCH_FORM_ID, from, last, f),
      repo.totals(database.db, BENCH_FORM_ID, from, last, f),
      repo.products(database.db, BENCH_FORM_ID, from, last),
      repo.signals(database.db, BENCH_FORM_ID, { from, to: last }),
    ]);
    return { rows, totals, signals, products, codes: [...new Set(rows.flatMap((r) => (r.code === null ? [] : [r.code])))].sort() };
  });
}

interface TrendsQueryString {
  from?: string;
  to?: string;
  product?: string;
  code?: string;
}
/** The trend's period as the floors read it: the last 12 months on the UTC calendar unless asked. */
function trendsPeriod(q: TrendsQueryString): { from: string; last: string; f: { product?: string | undefined; code?: string | undefined } } {
  const to = q.to ?? new Date().toISOString().slice(0, 7);
  const first = new Date(Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)) - 12, 1));
  const from = `${q.from ?? first.toISOString().slice(0, 7)}-01`;
  const last = new Date(Date.UTC(Number(to.slice(0, 4)), Number(to.slice(5, 7)), 0)).toISOString().slice(0, 10);
  return { from, last, f: { product: q.product, code: q.code } };
}

/**
 * GET /plain/trends: the same answer with no count tables — GROUP BYs by month over the
 * submissions and their codes, read through PLAIN_TRENDS_INDEX (the bench creates it) — on a bare
 * route. Were it under the target, the count tables would not be needed.
 */
function addPlainTrends(app: FastifyInstance, database: Database): void {
  const month = sql.raw(`date_trunc('month', s.become_aware_date)`);
  app.get('/plain/trends', async (request) => {
    const { from, last, f } = trendsPeriod(request.query as TrendsQueryString);
    const where = sql`s.form_id = ${BENCH_FORM_ID} AND s.become_aware_date BETWEEN ${from} AND ${last} AND s.submission_status <> 'Denied'${f.product === undefined ? sql`` : sql` AND s.product = ${f.product}`}`;
    const withCode = f.code === undefined ? sql`` : sql` AND EXISTS (SELECT 1 FROM submission_codes k WHERE k.submission_id = s.id AND k.code = ${f.code})`;
    const query = <T>(q: ReturnType<typeof sql>) => database.db.execute(q).then((r) => (r as unknown as { rows: T[] }).rows);
    const [rows, totals, products, signals] = await Promise.all([
      query<{ month: string; product: string | null; code: string | null; count: number }>(sql`
        SELECT to_char(m, 'YYYY-MM') AS month, product, code, n AS count FROM (
          SELECT ${month} AS m, s.product, c.code, count(*)::int AS n
          FROM submissions s ${f.code === undefined ? sql`LEFT JOIN` : sql`JOIN`} submission_codes c ON c.submission_id = s.id${f.code === undefined ? sql`` : sql` AND c.code = ${f.code}`}
          WHERE ${where} GROUP BY 1, 2, 3) g ORDER BY 1, 2, 3`),
      query<{ month: string; product: string | null; count: number }>(sql`
        SELECT to_char(m, 'YYYY-MM') AS month, product, n AS count FROM (
          SELECT ${month} AS m, s.product, count(*)::int AS n FROM submissions s WHERE ${where}${withCode} GROUP BY 1, 2) g ORDER BY 1, 2`),
      query<{ product: string }>(sql`SELECT DISTINCT s.product FROM submissions s WHERE ${where} AND s.product IS NOT NULL ORDER BY 1`),
      createTrendsRepo().signals(database.db, BENCH_FORM_ID, { from, to: last }),
    ]);
    return { rows, totals, signals, products: products.map((p) => p.product), codes: [...new Set(rows.flatMap((r) => (r.code === null ? [] : [r.code])))].sort() };
  });
}

/** Who the floor's notes and log lines name, as a save names the signed-in user. */
const FLOOR_ACTOR = { id: 'bench-floor', email: BENCH_ADMIN.email, address: '127.0.0.1' };

/**
 * PATCH /floor/followup/:id: the writes a follow-up save must make — the row's text and attempt
 * count, its note (an audit entry) and its system-log line — as plain statements in one
 * transaction on a pool client, through the same driver as the product (as the list's floor is
 * the repo's own queries), with no sign-in, no validation, nothing read first and no reply body.
 * Its note's `before` holds no text, since nothing is read.
 */
function addFloorWrite(app: FastifyInstance, database: Database): void {
  app.patch('/floor/followup/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const { followup } = request.body as { followup: string };
    const at = new Date();
    await database.db.transaction(async (tx) => {
      await tx.update(submissions).set({ followup, followupAttempts: sql`${submissions.followupAttempts} + 1`, modifiedAt: at }).where(eq(submissions.id, id));
      await tx.insert(auditEvents).values({ at, actorId: FLOOR_ACTOR.id, actorEmail: FLOOR_ACTOR.email, address: FLOOR_ACTOR.address, entity: 'submission', entityId: id, action: 'followup', before: { followup: null }, after: { followup } });
      await tx.insert(systemLogs).values({ time: at, label: 'success', process: 'JotForms', description: `Follow-up saved for submission ${id} by ${FLOOR_ACTOR.email}` });
    });
    return reply.code(204).send();
  });
}

/**
 * BENCH_QUERY_COUNT=1: the statements each kind of request sends to PostgreSQL, counted on the
 * pool's connections and told apart by the request that sent them (ours or the floor), printed
 * per request when the server stops.
 */
function countQueries(app: FastifyInstance, database: Database): () => void {
  const side = new AsyncLocalStorage<string>();
  const requests = new Map<string, number>();
  const statements = new Map<string, Map<string, number>>();
  app.addHook('onRequest', async (request) => {
    const key = `${request.method} ${request.routeOptions.url ?? request.url}`;
    requests.set(key, (requests.get(key) ?? 0) + 1);
    side.enterWith(key);
  });
  database.pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '?');
      const key = side.getStore() ?? '(no request)';
      const byText = statements.get(key) ?? new Map<string, number>();
      statements.set(key, byText);
      const short = text.replace(/\s+/g, ' ').slice(0, 90);
      byText.set(short, (byText.get(short) ?? 0) + 1);
      return query(...args);
    };
  });
  return () => {
    for (const [key, byText] of statements) {
      const n = requests.get(key) ?? 0;
      const total = [...byText.values()].reduce((a, b) => a + b, 0);
      process.stderr.write(`queries of ${key}: ${n} requests, ${(total / Math.max(1, n)).toFixed(2)} statements each\n`);
      for (const [text, c] of [...byText].sort((a, b) => b[1] - a[1])) process.stderr.write(`  ${(c / Math.max(1, n)).toFixed(3)}  ${text}\n`);
    }
  };
}

async function main(): Promise<void> {
  const env = process.env as Partial<ServerEnv>;
  const location = env.BENCH_DB_LOCATION;
  const jwtSecret = env.BENCH_JWT_SECRET;
  if (!location || !jwtSecret || !process.send) throw new Error('server.ts is started by scripts/bench/index.ts (IPC and BENCH_* env)');

  const database = openPostgres(location);
  // Production settings, except the logger: none, so neither side pays for request logs.
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: '/nonexistent-bench-data-dir', LOG_LEVEL: 'silent', JWT_SECRET: jwtSecret });
  const app = await buildApp({ config, db: database.db, jwtSecret, formId: BENCH_FORM_ID, webDir: null });
  const printQueries = process.env.BENCH_QUERY_COUNT === '1' ? countQueries(app, database) : undefined;
  addFloorList(app, database);
  addFloorWrite(app, database);
  addFloorTrends(app, database);
  addPlainTrends(app, database);
  const copyPool = addFloorCsvPostgres(app, location);

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    printQueries?.();
    await app.close();
    await copyPool.end();
    await database.close();
    process.exit(0);
  };
  process.on('message', (m) => {
    if (m === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
  process.send({ ready: address } satisfies ReadyMessage);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench server failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
