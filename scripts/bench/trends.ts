// The trend query at scale: BENCH_TRENDS_ROWS (1,000,000) submissions on the embedded database,
// each with its product and one or two IMDRF codes, then GET /v1/trends (the Trends page's first
// view: the last 12 months, every product; and one product) for one user, against the floor: the
// same repository queries on a bare route.
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { type ServerSpec, login, startServer } from './child.ts';
import { explainTrends } from './explain.ts';
import { type DbTarget, createEmbeddedTarget, openForSeeding, openTarget, queryRows, settle } from './databases.ts';
import { type LoadResult, measureSequential } from './load.ts';
import type { Check } from './report.ts';
import { BENCH_ADMIN, BENCH_FORM_ID, seedAdmin, seedSql } from './seed.ts';

/** The target: the trend query answers within this many milliseconds (p99 of one user's requests). */
export const TRENDS_TARGET_MS = 200;

/** Device-problem codes (Annex A) and clinical signs or health impacts (E, F) of the shipped release, spread over the bench rows. */
const A_CODES = ['A01', 'A010102', 'A010201', 'A0104', 'A0105', 'A0201', 'A0202', 'A0205', 'A020503', 'A020601', 'A0207', 'A0301', 'A030202', 'A030205'];
const EF_CODES = ['E0101', 'E0105', 'E0108', 'E010904', 'E011301', 'E0118', 'F01', 'F02', 'F03'];
const list = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;

/**
 * One code of Annex A per submission, and a clinical sign or health impact on 30 % of them, for the
 * submissions numbered `first` and above, in one INSERT … SELECT (with the triggers on, the codes'
 * statement trigger counts them into the count tables at once).
 */
export function seedCodesSql(first: number): string {
  const numbered = `(SELECT id, submission_date, substr(id, 2)::int AS n FROM submissions WHERE substr(id, 2)::int >= ${first}) s`;
  return `
INSERT INTO submission_codes (submission_id, code, annex, release, coded_at)
SELECT id, code, left(code, 1), 'bench', submission_date FROM (
  SELECT id, submission_date, (${list(A_CODES)})[1 + (hashint4(n + 11) & 2147483647) % ${A_CODES.length}] AS code FROM ${numbered}
  UNION ALL
  SELECT id, submission_date, (${list(EF_CODES)})[1 + (hashint4(n + 13) & 2147483647) % ${EF_CODES.length}] FROM ${numbered}
  WHERE (hashint4(n + 17) & 2147483647) % 10 < 3
) c`;
}

/**
 * The index the plain trend (GET /plain/trends, no count tables) reads: the complaints by form and
 * become-aware date with their product and id, so each GROUP BY is an index-only scan joined to
 * the codes' primary key. Created for the bench only.
 */
const PLAIN_TRENDS_INDEX = `CREATE INDEX bench_trends_plain_idx ON submissions (form_id, become_aware_date, product, id) WHERE submission_status <> 'Denied'`;

/** Submissions per INSERT … SELECT while the count triggers are off. */
const SEED_BATCH = 250_000;
/**
 * The last submissions are seeded and coded with the product's triggers on: the check then tests
 * the triggers' arithmetic on top of the counts built in bulk.
 */
const TRIGGERED_ROWS = 10_000;
/** The tables loaded in bulk (the audit trail is not seeded: nothing the trend reads depends on it). */
const BULK_TABLES = ['submissions', 'submission_codes'];

/**
 * The count tables as a GROUP BY over the rows (as the migrations fill them for rows stored before
 * their triggers): also the check's reference, each table compared both ways.
 */
const COUNT_TABLES: { table: string; columns: string; groupBy: string; derived?: boolean }[] = [
  {
    table: 'submission_day_counts',
    columns: 'form_id, become_aware_date, submission_status, n',
    groupBy: 'SELECT form_id, become_aware_date, submission_status, count(*)::int FROM submissions GROUP BY 1, 2, 3',
  },
  {
    table: 'complaint_day_counts',
    columns: 'form_id, day, product, n',
    groupBy: "SELECT form_id, become_aware_date, coalesce(product, ''), count(*)::int FROM submissions WHERE submission_status <> 'Denied' GROUP BY 1, 2, 3",
  },
  {
    table: 'complaint_code_day_counts',
    columns: 'form_id, day, product, code, n',
    groupBy: `SELECT s.form_id, s.become_aware_date, coalesce(s.product, ''), coalesce(c.code, ''), count(*)::int
      FROM submissions s LEFT JOIN submission_codes c ON c.submission_id = s.id WHERE s.submission_status <> 'Denied' GROUP BY 1, 2, 3, 4`,
  },
  {
    table: 'complaint_code_month_counts',
    columns: 'form_id, month, product, code, n',
    groupBy: `SELECT s.form_id, date_trunc('month', s.become_aware_date)::date, coalesce(s.product, ''), coalesce(c.code, ''), count(*)::int
      FROM submissions s LEFT JOIN submission_codes c ON c.submission_id = s.id WHERE s.submission_status <> 'Denied' GROUP BY 1, 2, 3, 4`,
    derived: true,
  },
];

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);

/** Rows of the count table that a GROUP BY over the submissions does not give, and the other way round (rows of 0 ignored). */
const countDiffSql = ({ table, columns, groupBy }: (typeof COUNT_TABLES)[number]) => `
  SELECT count(*) FROM ((SELECT ${columns} FROM ${table} WHERE n <> 0 EXCEPT ${groupBy}) UNION ALL (${groupBy} EXCEPT SELECT ${columns} FROM ${table} WHERE n <> 0)) x`;

/**
 * Seeds `rows` coded submissions: all but the last TRIGGERED_ROWS with the triggers and secondary
 * indexes off, in batches, then the count tables built from them in one GROUP BY each and the
 * indexes rebuilt; then the last ones with everything on, as the product writes them; then checks
 * every count table against a GROUP BY.
 */
async function seedCoded(db: Db, rows: number, log: (line: string) => void): Promise<Omit<TrendsResult, 'views'>> {
  const started = performance.now();
  const bulk = Math.max(0, rows - TRIGGERED_ROWS);
  // Bulk-load practice: the secondary indexes built once after the load (a sorted build each)
  // rather than a million random insertions into each of some 30; the keys and their indexes stay.
  const indexes = await queryRows<{ name: string; def: string }>(
    db,
    sql.raw(`SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid IN (${BULK_TABLES.map((t) => `'${t}'::regclass`).join(', ')}) AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`),
  );
  for (const i of indexes) await db.execute(sql.raw(`DROP INDEX ${i.name}`));
  // The count triggers and the codes' foreign key check off: the rows are consistent by construction.
  for (const t of BULK_TABLES) await db.execute(sql.raw(`ALTER TABLE ${t} DISABLE TRIGGER ALL`));
  for (let first = 1; first <= bulk; first += SEED_BATCH) {
    await db.execute(sql.raw(seedSql(rows, first, Math.min(bulk, first + SEED_BATCH - 1))));
    log(`    ${Math.min(bulk, first + SEED_BATCH - 1).toLocaleString('en-US')} submissions (${seconds(started)} s)`);
  }
  await db.execute(sql.raw(seedCodesSql(1)));
  log(`    ${bulk.toLocaleString('en-US')} coded (${seconds(started)} s)`);
  for (const t of BULK_TABLES) await db.execute(sql.raw(`ALTER TABLE ${t} ENABLE TRIGGER ALL`));
  for (const c of COUNT_TABLES) if (!c.derived) await db.execute(sql.raw(`INSERT INTO ${c.table} (${c.columns}) ${c.groupBy}`));
  log(`    counted (${seconds(started)} s)`);
  await db.execute(sql`SET maintenance_work_mem = '256MB'`);
  for (const i of indexes) await db.execute(sql.raw(i.def));
  await db.execute(sql.raw(PLAIN_TRENDS_INDEX));
  log(`    ${indexes.length + 1} indexes built (${seconds(started)} s)`);
  const bulkSeconds = (performance.now() - started) / 1000;
  log(`    ${bulk.toLocaleString('en-US')} coded and counted in bulk (${bulkSeconds.toFixed(0)} s); the last ${(rows - bulk).toLocaleString('en-US')} with the triggers on …`);
  const triggered = performance.now();
  await db.execute(sql.raw(seedSql(rows, bulk + 1, rows)));
  await db.execute(sql.raw(seedCodesSql(bulk + 1)));
  const triggeredSeconds = (performance.now() - triggered) / 1000;
  const diffs: number[] = [];
  for (const c of COUNT_TABLES) {
    const [row] = await queryRows<{ count: string | number }>(db, sql.raw(countDiffSql(c)));
    diffs.push(Number(row?.count ?? -1));
  }
  const [n] = await queryRows<{ n: string | number; codes: string | number }>(db, sql.raw('SELECT (SELECT count(*) FROM complaint_code_day_counts) AS n, (SELECT count(*) FROM submission_codes) AS codes'));
  return {
    rows,
    codes: Number(n?.codes ?? 0),
    seedSeconds: (performance.now() - started) / 1000,
    bulkSeconds,
    triggeredRows: rows - bulk,
    triggeredSeconds,
    countRows: Number(n?.n ?? 0),
    countsAgree: diffs.every((d) => d === 0),
  };
}

export interface TrendsResult {
  rows: number;
  codes: number;
  /** Seeding, coding and counting, all of it. */
  seedSeconds: number;
  /** Of which the bulk: the triggers off, the counts built by GROUP BY. */
  bulkSeconds: number;
  /** Of which the last submissions, seeded and coded with the triggers on. */
  triggeredRows: number;
  triggeredSeconds: number;
  countRows: number;
  /** true when the count tables agree with a GROUP BY over the submissions and their codes. */
  countsAgree: boolean;
  /** ours, its floor, and the plain GROUP BY over the rows (no count tables) on a bare route. */
  views: { name: string; ours: LoadResult; floor: LoadResult; plain: LoadResult }[];
}

const SEQUENTIAL = { warmup: 5, requests: 100, maxSeconds: 15 };

export async function measureTrends(rows: number, spec: ServerSpec, log: (line: string) => void): Promise<TrendsResult> {
  let target: DbTarget | undefined;
  try {
    target = await createEmbeddedTarget();
    const database = openTarget(target);
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    const seeding = openForSeeding(target);
    let seeded: Omit<TrendsResult, 'views'>;
    try {
      log(`  seeding ${rows.toLocaleString('en-US')} coded submissions with their products …`);
      seeded = await seedCoded(seeding.db, rows, log);
      await seedAdmin(seeding.db);
      await settle(seeding.db);
    } finally {
      await seeding.close();
    }
    if (process.env.BENCH_EXPLAIN === '1') {
      const last = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
      log(await explainTrends(target, BENCH_FORM_ID, VIEWS().map((v) => ({ name: v.name, from: `${v.from}-01`, to: last, f: v.f }))));
    }
    log(
      `  seeded in ${seeded.seedSeconds.toFixed(1)} s (${seeded.codes.toLocaleString('en-US')} codes; the last ${seeded.triggeredRows.toLocaleString('en-US')} through the triggers in ${seeded.triggeredSeconds.toFixed(1)} s); ${seeded.countRows.toLocaleString('en-US')} count rows, ${seeded.countsAgree ? 'equal to' : 'NOT equal to'} a GROUP BY over the rows`,
    );
    const server = await startServer(target, spec);
    try {
      const headers = { authorization: `Bearer ${await login(server.url, BENCH_ADMIN.email, BENCH_ADMIN.password)}` };
      const views: TrendsResult['views'] = [];
      for (const { name, query } of VIEWS()) {
        log(`  trends ${name}: 1 user, up to ${SEQUENTIAL.requests} sequential requests, ours, floor, then plain …`);
        const ours = await measureSequential(`${server.url}/v1/trends${query}`, { ...SEQUENTIAL, headers });
        const floor = await measureSequential(`${server.url}/floor/trends${query}`, SEQUENTIAL);
        const plain = await measureSequential(`${server.url}/plain/trends${query}`, { ...SEQUENTIAL, warmup: 1 });
        views.push({ name, ours, floor, plain });
      }
      return { ...seeded, views };
    } finally {
      await server.stop();
    }
  } finally {
    await target?.destroy();
  }
}

/** The views measured: the page as it opens (the last 12 months, every product), one product, 24 months of one code. */
const VIEWS = (): { name: string; query: string; from: string; f: { product?: string; code?: string } }[] => [
  { name: 'last 12 months, every product', query: '', from: monthsAgo(11), f: {} },
  { name: 'last 12 months, one product', query: '?product=Infusion%20pump', from: monthsAgo(11), f: { product: 'Infusion pump' } },
  { name: '24 months, one code', query: `?from=${monthsAgo(23)}&to=${monthsAgo(0)}&code=A0201`, from: monthsAgo(23), f: { code: 'A0201' } },
];

function monthsAgo(n: number): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 7);
}

const ms = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());

export function trendsText(r: TrendsResult): string {
  const lines = [
    `Trends (embedded PostgreSQL, ${r.rows.toLocaleString('en-US')} submissions, ${r.codes.toLocaleString('en-US')} IMDRF codes; count tables ${r.countsAgree ? '= GROUP BY over the rows' : 'DISAGREE with a GROUP BY over the rows'}, ${r.countRows.toLocaleString('en-US')} rows)`,
    `  ${'GET /v1/trends, 1 user'.padEnd(34)}${'OURS'.padEnd(38)}${'FLOOR (same queries, bare route)'.padEnd(34)}PLAIN (GROUP BY over the rows, bare route)`,
  ];
  const figure = (l: LoadResult) => `p50 ${ms(l.p50)} ms  p99 ${ms(l.p99)} ms`;
  for (const v of r.views) lines.push(`  ${v.name.padEnd(34)}${`${figure(v.ours)} (${v.ours.requests} seq.)`.padEnd(38)}${figure(v.floor).padEnd(34)}${figure(v.plain)} (${v.plain.requests} seq.)`);
  return lines.join('\n');
}

export function trendsChecks(r: TrendsResult): Check[] {
  return r.views.map((v) => ({
    target: `Trends ${v.name} at ${r.rows.toLocaleString('en-US')} submissions: p99 < ${TRENDS_TARGET_MS} ms (embedded, 1 user)`,
    measured: `p99 ${ms(v.ours.p99)} ms (floor ${ms(v.floor.p99)} ms)${v.ours.failures > 0 ? `, ${v.ours.failures} FAILED` : ''}`,
    pass: r.countsAgree && v.ours.failures === 0 && v.ours.requests > 0 && v.ours.p99 < TRENDS_TARGET_MS,
  }));
}
