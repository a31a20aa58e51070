// The bench's server process: the product's app (buildApp) over the bench database, plus the
// FLOOR routes that run the same SQL with nothing else around it. It runs as a child of the bench
// so the load generator never shares its event loop, and so each CSV export is measured in a
// process of its own (peak RSS). bundle.ts bundles it as production is bundled; plain `node` runs it.
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { SubmissionFilters } from '#shared/contract/submissions';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { type Database, openPostgres } from '../../src/server/db/client.ts';
import { createSubmissionListRepo } from '../../src/server/features/submissions/list.repo.ts';
import { BENCH_FORM_ID } from './seed.ts';

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

/** PATCH /floor/followup/:id: the bare UPDATE a follow-up write comes down to, nothing around it. */
function addFloorWrite(app: FastifyInstance, database: Database): void {
  app.patch('/floor/followup/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const { followup } = request.body as { followup: string };
    await database.pool.query('UPDATE submissions SET followup = $1, modified_at = now() WHERE id = $2', [followup, id]);
    return reply.code(204).send();
  });
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
  addFloorList(app, database);
  addFloorWrite(app, database);
  const copyPool = addFloorCsvPostgres(app, location);

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
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
