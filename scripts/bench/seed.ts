import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { hashPassword } from '../../src/server/lib/password.ts';
import { queryRows } from './databases.ts';

/** The JotForm form the bench data belongs to (digits only: the floor's COPY inlines it). */
export const BENCH_FORM_ID = '241000000000001';
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'Bench-Passw0rd!' };

const FIRST = ['Ada', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Kara', 'Liam', 'Mei', 'Nils', 'Olga', 'Pablo'];
const LAST = ['Smith', 'Okafor', 'Nguyen', 'Garcia', 'Müller', 'Rossi', 'Kowalski', 'Tanaka', 'Haddad', 'Silva', 'Novak', 'Dubois', 'Berg', 'Ivanova'];
const PRODUCTS = ['Infusion pump', 'Glucose meter', 'Catheter kit', 'Wound dressing', 'Pulse oximeter', 'Syringe 10 ml'];
const list = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * One set-based INSERT … SELECT over generate_series: every row is derived from its number
 * through hashint4, so the data is the same on every run and on both databases, with no client
 * round-trip per row. Submission dates are whole seconds (as JotForm sends them), rising with the
 * id over the last two years (rows arrive in time order in production too); the become-aware
 * date lies 0–13 days before; all five statuses, CH numbers on successful transfers, ~15 %
 * reportable (2/3 of them delivered), ~10 % with a follow-up (one attempt), the product in its column too.
 * `first`…`last` seeds a slice of the `rows` (each row the same whichever slice holds it). The answers JSON is
 * built once per name × product combination and picked from an array (building jsonb per row cost
 * PGlite ~10 s; a join would reorder the rows, which arrive in time order in production).
 */
export function seedSql(rows: number, first = 1, last = rows): string {
  const combos = FIRST.length * LAST.length * PRODUCTS.length;
  const h = (salt: number) => `((hashint4(i + ${salt}) & 2147483647)::float8 / 2147483648)`;
  // Name and product of combination k; the same expression in the answers and in the row.
  const pick = (k: string) =>
    `(${list(FIRST)})[1 + ${k} % ${FIRST.length}] AS fn, (${list(LAST)})[1 + (${k} / ${FIRST.length}) % ${LAST.length}] AS ln, ` +
    `(${list(PRODUCTS)})[1 + ${k} / ${FIRST.length * LAST.length}] AS product`;
  return `
WITH c AS (
  SELECT k, jsonb_build_object(
      '3', jsonb_build_object('name', 'fullName', 'order', '1', 'text', 'Your name', 'type', 'control_fullname',
             'answer', jsonb_build_object('first', fn, 'last', ln), 'prettyFormat', fn || ' ' || ln),
      '4', jsonb_build_object('name', 'product', 'order', '2', 'text', 'Product', 'type', 'control_dropdown', 'answer', product),
      '5', jsonb_build_object('name', 'description', 'order', '3', 'text', 'What happened?', 'type', 'control_textarea',
             'answer', 'The ' || lower(product) || ' did not work as expected.')) AS answers
  FROM generate_series(0, ${combos - 1}) AS k, LATERAL (SELECT ${pick('k')}) p
), a AS MATERIALIZED (SELECT array_agg(answers ORDER BY k) AS answers FROM c
), r AS MATERIALIZED (
  SELECT i, ${pick('k')}, a.answers[k + 1] AS answers, sd, h4, h5,
    ((sd AT TIME ZONE 'America/New_York')::date - (h2 * 14)::int) AS bad,
    CASE WHEN h3 < 0.30 THEN 'Pending Review' WHEN h3 < 0.40 THEN 'Pending Transfer' WHEN h3 < 0.85 THEN 'Successful Transfer'
         WHEN h3 < 0.95 THEN 'Denied' ELSE 'Transfer Error' END AS st
  FROM (
    SELECT i, ${h(200000001)} AS h2, ${h(300000001)} AS h3, ${h(400000001)} AS h4, ${h(500000001)} AS h5,
      (hashint4(i + 7) & 2147483647) % ${combos} AS k,
      date_trunc('second', now() - interval '730 days' * (1 - (i - ${h(0)}) / ${rows})) AS sd
    FROM generate_series(${first}, ${last}) AS i
  ) g CROSS JOIN a
)
INSERT INTO submissions (id, form_id, ip, jf_created_at, jf_updated_at, status, is_new, flag, notes, answers,
  submission_date, submitter, submitter_search, become_aware_date, investigation_deadline, submission_status,
  reportable, email_delivered, followup, ch_number, ch_title, arena_guid, transfer_error, deny_reason,
  reviewed_by, reviewed_at, synced_at, modified_at, followup_attempts, product)
SELECT
  (6000000000000000000 + i)::text, '${BENCH_FORM_ID}', '10.' || (i % 250) || '.' || (i % 199) || '.' || (i % 97),
  to_char(sd AT TIME ZONE 'America/New_York', 'YYYY-MM-DD HH24:MI:SS'), NULL, 'ACTIVE', '0', '0', '', answers,
  sd, fn || ' ' || ln, lower(fn || ' ' || ln), bad, bad + 30, st,
  h4 < 0.15, h4 < 0.10, CASE WHEN h5 < 0.10 THEN 'Called the customer on ' || bad || '; replacement sent.' END,
  CASE WHEN st = 'Successful Transfer' THEN 'CH-' || lpad(i::text, 6, '0') END,
  CASE WHEN st = 'Successful Transfer' THEN product || ' complaint' END,
  CASE WHEN st = 'Successful Transfer' THEN md5(i::text) END,
  CASE WHEN st = 'Transfer Error' THEN 'Arena replied 503 Service Unavailable' END,
  CASE WHEN st = 'Denied' THEN 'Not a complaint: a question about delivery' END,
  CASE WHEN st <> 'Pending Review' THEN 'reviewer@example.com' END,
  CASE WHEN st <> 'Pending Review' THEN sd + interval '2 days' END,
  sd, sd, CASE WHEN h5 < 0.10 THEN 1 ELSE 0 END, product
FROM r`;
}

/**
 * The audit trail such submissions have, in time order, as the product writes it: each one's
 * import entry, a reviewer's `viewed` entry before each review, and the note of each follow-up.
 * A trail left empty would leave the statements that read it planned for an empty table.
 */
export const SEED_AUDIT_SQL = `
INSERT INTO audit_events (at, actor_id, actor_email, entity, entity_id, action, before, after)
SELECT at, NULL, actor_email, 'submission', id, action, before, after FROM (
  SELECT submission_date AS at, NULL AS actor_email, id, 'import' AS action, NULL::jsonb AS before,
    jsonb_build_object('submissionStatus', 'Pending Review') AS after FROM submissions
  UNION ALL
  SELECT reviewed_at - interval '1 hour', reviewed_by, id, 'viewed', NULL, NULL FROM submissions WHERE reviewed_by IS NOT NULL
  UNION ALL
  SELECT modified_at + interval '3 days', 'reviewer@example.com', id, 'followup', jsonb_build_object('followup', NULL),
    jsonb_build_object('followup', followup) FROM submissions WHERE followup IS NOT NULL
) t ORDER BY at`;

export interface SeedResult {
  rows: number;
  ms: number;
  /** VACUUM FULL of the count table after the load (see seedSubmissions). */
  compactMs: number;
  /** true when the per-day count trigger's table agrees with a GROUP BY over the rows. */
  countsAgree: boolean;
  countRows: number;
}

/**
 * Seeds `rows` submissions and their audit trail, the per-day count trigger firing per row,
 * checks its table against a GROUP BY, then compacts it: one statement's 100k trigger updates
 * leave as many dead row versions (~880 pages for ~3 700 rows) that production's small sync
 * transactions would not (pruned between transactions, vacuumed), and every unfiltered list total
 * would scan them.
 */
export async function seedSubmissions(db: Db, rows: number): Promise<SeedResult> {
  const started = performance.now();
  await db.execute(sql.raw(seedSql(rows)));
  await db.execute(sql.raw(SEED_AUDIT_SQL));
  const ms = performance.now() - started;
  const [row] = await queryRows<{ diff: string | number; n: string | number }>(db, sql.raw(`
    WITH g AS (SELECT form_id, become_aware_date, submission_status, count(*)::int AS n FROM submissions
               GROUP BY form_id, become_aware_date, submission_status)
    SELECT (SELECT count(*) FROM (SELECT * FROM g EXCEPT SELECT form_id, become_aware_date, submission_status, n
                                  FROM submission_day_counts WHERE n <> 0) x) AS diff,
           (SELECT count(*) FROM submission_day_counts) AS n`));
  const compactStarted = performance.now();
  await db.execute(sql`VACUUM FULL submission_day_counts`);
  // The trends' count tables, kept by their own per-row trigger (docs/features/trends.md): the same dead versions.
  await db.execute(sql`VACUUM FULL complaint_day_counts`);
  await db.execute(sql`VACUUM FULL complaint_code_day_counts`);
  const compactMs = performance.now() - compactStarted;
  return { rows, ms, compactMs, countsAgree: Number(row?.diff) === 0, countRows: Number(row?.n ?? 0) };
}

/** The admin the load generator signs in as (once, through the real login endpoint). */
export async function seedAdmin(db: Db): Promise<void> {
  await db.insert(users).values({
    id: randomUUID(),
    email: BENCH_ADMIN.email,
    name: 'Bench Admin',
    role: 'super_admin',
    passwordHash: await hashPassword(BENCH_ADMIN.password),
  });
}
