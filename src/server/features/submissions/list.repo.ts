import { type SQL, and, asc, between, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, ne, notInArray, or, sql, sum } from 'drizzle-orm';
import { DUE_SOON_DAYS } from '#shared/reporting/clocks';
import { type SubmissionFilters, type SubmissionSortField, type SubmissionStatus } from '#shared/contract/submissions';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import { submissionDayCounts, submissions, users } from '../../db/schema/index.ts';
import { addDays } from '#shared/dates';
import { copyRows } from '../../db/copy-out.ts';
import type { CsvSubmission } from './submissions.csv.ts';
import { OPENED, ROW_COLUMNS, type SubmissionRowColumns } from './submission-row.ts';

type Sort = { field: SubmissionSortField; order: 'asc' | 'desc' };

const { submissionDate, createdAtJf, submitter, submissionStatus, becomeAwareDate, investigationDeadline, reportable, chNumber, chTitle, followup, emailDelivered } = ROW_COLUMNS;
const SORT_COLUMNS = { submissionDate, submitter, submissionStatus, becomeAwareDate, investigationDeadline, reportable, chNumber, chTitle, followup, emailDelivered, reportingDue: submissions.reportingDue } satisfies Record<SubmissionSortField, unknown>;

/** The CSV's columns, in the order COPY writes them. */
const EXPORT_COLUMNS = { created_at: createdAtJf, submitter, submissionStatus, becomeAwareDate, investigationDeadline, reportable, chNumber, chTitle, followup, emailDelivered };

/** A row of COPY text fields (EXPORT_COLUMNS' order) as the CSV reads it. */
function toCsvSubmission(f: (string | null)[]): CsvSubmission {
  return {
    created_at: f[0] ?? '',
    submitter: f[1] ?? '',
    submissionStatus: f[2] as SubmissionStatus,
    becomeAwareDate: f[3] ?? '',
    investigationDeadline: f[4] ?? '',
    reportable: f[5] === 't',
    chNumber: f[6] ?? null,
    chTitle: f[7] ?? null,
    followup: f[8] ?? null,
    emailDelivered: f[9] === 't',
  };
}

/** Sorted with the rows that have none last, either way: a row with no open clock is never "due first". */
const NULLS_LAST: ReadonlySet<SubmissionSortField> = new Set(['reportingDue']);

/**
 * A sort as an ORDER BY, the id breaking ties so pages never overlap. Nulls sort as the smallest
 * value either way (but for NULLS_LAST). A NOT NULL column gets no NULLS clause: PostgreSQL matches `desc nulls last`
 * to no btree walk, so a first page became a scan and sort of every row instead of reading ten
 * index entries.
 */
function orderBy(sort: Sort): SQL[] {
  const dir = sort.order === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[sort.field];
  const nulls = NULLS_LAST.has(sort.field) || sort.order === 'desc' ? 'last' : 'first';
  const first = column.notNull ? dir(column) : sql`${column} ${sql.raw(sort.order)} nulls ${sql.raw(nulls)}`;
  return [first, dir(submissions.id)];
}

const DEFAULT_SORT = { field: 'submissionDate', order: 'desc' } as const;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filters beyond the date range (clock, decision, deadline): read from indexed columns, counted without the day table. */
const needsRowCount = (f: SubmissionFilters) => Boolean(f.search || f.clock || f.decision || f.deadline || f.rationale || f.owner || f.closure || f.product || f.model || f.lot || f.udi || f.triage);

function clockWhere(clock: SubmissionFilters['clock'], today: string): SQL | undefined {
  const due = submissions.reportingDue;
  const soon = addDays(today, DUE_SOON_DAYS);
  if (clock === 'overdue') return lt(due, today);
  if (clock === 'due_soon') return between(due, today, soon);
  if (clock === 'open') return gt(due, soon);
  if (clock === 'due_within_7_days') return between(due, today, addDays(today, 7));
  return undefined;
}

function where(formId: string, f: SubmissionFilters, today: string): SQL | undefined {
  const q = f.search?.toLowerCase();
  return and(
    eq(submissions.formId, formId),
    clockWhere(f.clock, today),
    // The clocks of open complaints only: a denied submission's are closed.
    f.clock ? ne(submissions.submissionStatus, 'Denied') : undefined,
    f.rationale === 'missing' ? eq(submissions.reportingRationaleMissing, true) : undefined,
    f.decision === 'undecided' ? isNull(submissions.reportingDecision) : f.decision ? eq(submissions.reportingDecision, f.decision) : undefined,
    f.deadline === 'week'
      ? and(notInArray(submissions.submissionStatus, ['Successful Transfer', 'Denied']), between(submissions.investigationDeadline, today, addDays(today, 7)))
      : undefined,
    f.bad_gte ? gte(submissions.becomeAwareDate, f.bad_gte) : undefined,
    f.bad_lte ? lte(submissions.becomeAwareDate, f.bad_lte) : undefined,
    f.status ? eq(submissions.submissionStatus, f.status) : undefined,
    // `owner` arrives as `none` or a user's id (the service turns `me` into the caller's id).
    f.owner === 'none' ? isNull(submissions.ownerId) : f.owner ? eq(submissions.ownerId, f.owner) : undefined,
    f.closure === 'open' ? isNull(submissions.closedAt) : f.closure === 'closed' ? isNotNull(submissions.closedAt) : undefined,
    f.product ? eq(submissions.product, f.product) : undefined,
    f.model ? eq(submissions.model, f.model) : undefined,
    f.lot ? eq(submissions.lot, f.lot) : undefined,
    f.udi ? eq(submissions.udi, f.udi) : undefined,
    f.triage === 'potential' ? isNotNull(submissions.potentialReportableAt) : undefined,
    q
      ? or(
          sql`${submissions.submitterSearch} like ${`%${escapeLike(q)}%`}`,
          ilike(submissions.chNumber, `%${escapeLike(q)}%`),
          sql`${submissions.id} like ${`${escapeLike(q)}%`}`,
        )
      : undefined,
  );
}

/** A row of the complaint register as read. */
export type RegisterDbRow = SubmissionRowColumns & { reportingDue: string | null; ownerName: string | null; codes: string[] | null; releases: string[] | null };

/** The submissions list and its CSV export. `exportPool`: the connections the export's COPY runs on (the API's own pool when none is given). */
export function createSubmissionListRepo(db: Db, exportPool: pg.Pool = db.$client) {
  /** The one SELECT the export runs (exposed for EXPLAIN). */
  const exportQuery = (formId: string, f: SubmissionFilters, today: string, sort: Sort = DEFAULT_SORT): { sql: string; params: unknown[] } =>
    db.select(EXPORT_COLUMNS).from(submissions).where(where(formId, f, today)).orderBy(...orderBy(sort)).toSQL();
  return {
    async page(formId: string, f: SubmissionFilters, today: string, sort: Sort, offset: number, limit: number) {
      return db.select({ ...ROW_COLUMNS, opened: OPENED }).from(submissions).where(where(formId, f, today)).orderBy(...orderBy(sort)).limit(limit).offset(offset);
    },
    /** Total for the filters: a sum over the per-day counts unless a text search needs the rows. */
    async total(formId: string, f: SubmissionFilters, today: string): Promise<number> {
      if (needsRowCount(f)) {
        const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(submissions).where(where(formId, f, today));
        return row?.n ?? 0;
      }
      const c = submissionDayCounts;
      const [row] = await db
        .select({ n: sum(c.n).mapWith(Number) })
        .from(c)
        .where(
          and(
            eq(c.formId, formId),
            f.bad_gte ? gte(c.becomeAwareDate, f.bad_gte) : undefined,
            f.bad_lte ? lte(c.becomeAwareDate, f.bad_lte) : undefined,
            f.status ? eq(c.submissionStatus, f.status) : undefined,
          ),
        );
      return row?.n ?? 0;
    },
    /**
     * The complaint register's rows for the filters, newest first, in batches of `batch` (keyset
     * pages on the submission date and id): the row's columns, its owner's name and its codes.
     */
    async *registerRows(formId: string, f: SubmissionFilters, today: string, batch = 1000): AsyncGenerator<RegisterDbRow[]> {
      let after: { date: Date; id: string } | null = null;
      for (;;) {
        const keyset: SQL | undefined = after ? sql`(${submissions.submissionDate}, ${submissions.id}) < (${after.date}, ${after.id})` : undefined;
        const rows: RegisterDbRow[] = await db
          .select({
            ...ROW_COLUMNS,
            reportingDue: submissions.reportingDue,
            ownerName: sql<string | null>`(select u.name from users u where u.id = ${submissions.ownerId})`,
            codes: sql<string[] | null>`(select array_agg(c.code order by c.code) from submission_codes c where c.submission_id = ${submissions.id})`,
            releases: sql<string[] | null>`(select array_agg(distinct c.release) from submission_codes c where c.submission_id = ${submissions.id})`,
          })
          .from(submissions)
          .where(and(where(formId, f, today), keyset))
          .orderBy(desc(submissions.submissionDate), desc(submissions.id))
          .limit(batch);
        if (!rows.length) return;
        yield rows;
        const last = rows.at(-1)!;
        after = { date: last.submissionDate, id: last.id };
        if (rows.length < batch) return;
      }
    },
    /** The export's rows for the filters, in the list's order, streamed out of PostgreSQL in batches. */
    async *exportRows(formId: string, f: SubmissionFilters, today: string, sort: Sort = DEFAULT_SORT): AsyncGenerator<CsvSubmission[]> {
      for await (const rows of copyRows(exportPool, exportQuery(formId, f, today, sort))) yield rows.map(toCsvSubmission);
    },
    exportQuery,
    /** The names of users by id (the owners of the rows in a reply). */
    async userNames(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    /** How many submissions the form has, and when the latest came. */
    async count(formId: string): Promise<{ count: number; last: Date | null }> {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number), last: sql<string | null>`max(${submissions.submissionDate})` })
        .from(submissions)
        .where(eq(submissions.formId, formId));
      return { count: row?.n ?? 0, last: row?.last ? new Date(row.last) : null };
    },
  };
}
export type SubmissionListRepo = ReturnType<typeof createSubmissionListRepo>;
