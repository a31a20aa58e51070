import { type SQL, and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, sum } from 'drizzle-orm';
import type { SubmissionFilters, SubmissionRow, SubmissionSortField, SubmissionStatus, Submission } from '#shared/contract/submissions';
import type { Db } from '../../db/client.ts';
import { submissionDayCounts, submissions } from '../../db/schema/index.ts';
import { copyRows } from '../../db/copy-out.ts';
import { type JotformAnswerLike, type JotformColumns, orderedAnswers } from './submission-mapper.ts';
import type { CsvSubmission } from './submissions.csv.ts';

export type SubmissionDbRow = typeof submissions.$inferSelect;
export type WorkflowFields = Partial<
  Pick<SubmissionDbRow, 'submissionStatus' | 'reportable' | 'emailDelivered' | 'followup' | 'chNumber' | 'chTitle' | 'arenaGuid' | 'transferError' | 'denyReason' | 'reviewedBy' | 'reviewedAt'>
>;

export function toSubmissionRow(r: SubmissionDbRow): SubmissionRow {
  return {
    id: r.id,
    submissionId: r.id,
    form_id: r.formId,
    ip: r.ip,
    created_at: r.createdAtJf,
    updated_at: r.updatedAtJf,
    submissionDate: r.submissionDate.toISOString(),
    submitter: r.submitter,
    status: r.status,
    submissionStatus: r.submissionStatus,
    new: r.isNew,
    flag: r.flag,
    notes: r.notes,
    becomeAwareDate: r.becomeAwareDate,
    investigationDeadline: r.investigationDeadline,
    reportable: r.reportable,
    chNumber: r.chNumber,
    chTitle: r.chTitle,
    followup: r.followup,
    emailDelivered: r.emailDelivered,
    transferError: r.transferError,
    denyReason: r.denyReason,
  };
}

export function toSubmission(r: SubmissionDbRow): Submission {
  return { ...toSubmissionRow(r), answers: orderedAnswers(r.answers as Record<string, JotformAnswerLike>) };
}

const SORT_COLUMNS = {
  submissionDate: submissions.submissionDate,
  submitter: submissions.submitter,
  submissionStatus: submissions.submissionStatus,
  becomeAwareDate: submissions.becomeAwareDate,
  investigationDeadline: submissions.investigationDeadline,
  reportable: submissions.reportable,
  chNumber: submissions.chNumber,
  chTitle: submissions.chTitle,
  followup: submissions.followup,
  emailDelivered: submissions.emailDelivered,
} satisfies Record<SubmissionSortField, unknown>;

/** The CSV's columns, in the order COPY writes them. */
const EXPORT_COLUMNS = {
  created_at: submissions.createdAtJf,
  submitter: submissions.submitter,
  submissionStatus: submissions.submissionStatus,
  becomeAwareDate: submissions.becomeAwareDate,
  investigationDeadline: submissions.investigationDeadline,
  reportable: submissions.reportable,
  chNumber: submissions.chNumber,
  chTitle: submissions.chTitle,
  followup: submissions.followup,
  emailDelivered: submissions.emailDelivered,
};

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

/**
 * A sort as an ORDER BY, the id breaking ties so pages never overlap. Nulls sort as the smallest
 * value either way. A NOT NULL column gets no NULLS clause: PostgreSQL matches `desc nulls last`
 * to no btree walk, so a first page became a scan and sort of every row instead of reading ten
 * index entries.
 */
function orderBy(sort: { field: SubmissionSortField; order: 'asc' | 'desc' }): SQL[] {
  const dir = sort.order === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[sort.field];
  const first = column.notNull ? dir(column) : sql`${column} ${sql.raw(sort.order)} nulls ${sql.raw(sort.order === 'asc' ? 'first' : 'last')}`;
  return [first, dir(submissions.id)];
}

const DEFAULT_SORT = { field: 'submissionDate', order: 'desc' } as const;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(formId: string, f: SubmissionFilters): SQL | undefined {
  const q = f.search?.toLowerCase();
  return and(
    eq(submissions.formId, formId),
    f.bad_gte ? gte(submissions.becomeAwareDate, f.bad_gte) : undefined,
    f.bad_lte ? lte(submissions.becomeAwareDate, f.bad_lte) : undefined,
    f.status ? eq(submissions.submissionStatus, f.status) : undefined,
    q
      ? or(
          sql`${submissions.submitterSearch} like ${`%${escapeLike(q)}%`}`,
          ilike(submissions.chNumber, `%${escapeLike(q)}%`),
          sql`${submissions.id} like ${`${escapeLike(q)}%`}`,
        )
      : undefined,
  );
}

/** A submission by its JotForm id, else by its CH number: URLs accept both (DESIGN §4). */
export async function findSubmission(db: Db, idOrChNumber: string): Promise<SubmissionDbRow | undefined> {
  const [byId] = await db.select().from(submissions).where(eq(submissions.id, idOrChNumber)).limit(1);
  if (byId) return byId;
  const [byCh] = await db.select().from(submissions).where(eq(submissions.chNumber, idOrChNumber)).limit(1);
  return byCh;
}

export function createSubmissionsRepo(db: Db) {
  return {
    async findById(id: string): Promise<SubmissionDbRow | undefined> {
      const [row] = await db.select().from(submissions).where(eq(submissions.id, id)).limit(1);
      return row;
    },
    find: (idOrChNumber: string) => findSubmission(db, idOrChNumber),
    async page(formId: string, f: SubmissionFilters, sort: { field: SubmissionSortField; order: 'asc' | 'desc' }, offset: number, limit: number) {
      return db.select().from(submissions).where(where(formId, f)).orderBy(...orderBy(sort)).limit(limit).offset(offset);
    },
    /** Total for the filters: a sum over the per-day counts unless a text search needs the rows. */
    async total(formId: string, f: SubmissionFilters): Promise<number> {
      if (f.search) {
        const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(submissions).where(where(formId, f));
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
    /** The export's rows for the filters, in the list's order, streamed out of PostgreSQL in batches. */
    async *exportRows(formId: string, f: SubmissionFilters, sort: { field: SubmissionSortField; order: 'asc' | 'desc' } = DEFAULT_SORT): AsyncGenerator<CsvSubmission[]> {
      for await (const rows of copyRows(db.$client, this.exportQuery(formId, f, sort))) yield rows.map(toCsvSubmission);
    },
    /** The one SELECT the export runs (exposed for EXPLAIN). */
    exportQuery(formId: string, f: SubmissionFilters, sort: { field: SubmissionSortField; order: 'asc' | 'desc' } = DEFAULT_SORT): { sql: string; params: unknown[] } {
      return db.select(EXPORT_COLUMNS).from(submissions).where(where(formId, f)).orderBy(...orderBy(sort)).toSQL();
    },
    async count(formId: string): Promise<{ count: number; last: Date | null }> {
      const [row] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number), last: sql<string | null>`max(${submissions.submissionDate})` })
        .from(submissions)
        .where(eq(submissions.formId, formId));
      return { count: row?.n ?? 0, last: row?.last ? new Date(row.last) : null };
    },
    /**
     * Inserts new submissions and refreshes the JotForm-owned columns of known ones; workflow
     * columns are never in the update. A known row whose JotForm columns are unchanged is not
     * written (the poll re-reads a few minutes of overlap). Returns which ids were new and which
     * changed. The same id twice in one batch (JotForm's offset paging shifts when rows move) keeps
     * the later copy.
     */
    async upsertFromJotform(batch: JotformColumns[], at: Date): Promise<{ inserted: string[]; updated: string[] }> {
      const rows = [...new Map(batch.map((r) => [r.id, r])).values()];
      if (rows.length === 0) return { inserted: [], updated: [] };
      const s = submissions;
      const result = await db
        .insert(submissions)
        .values(rows.map((r) => ({ ...r, syncedAt: at, modifiedAt: at })))
        .onConflictDoUpdate({
          target: submissions.id,
          set: {
            ip: sql`excluded.ip`,
            updatedAtJf: sql`excluded.jf_updated_at`,
            status: sql`excluded.status`,
            isNew: sql`excluded.is_new`,
            flag: sql`excluded.flag`,
            notes: sql`excluded.notes`,
            answers: sql`excluded.answers`,
            submitter: sql`excluded.submitter`,
            submitterSearch: sql`excluded.submitter_search`,
            becomeAwareDate: sql`excluded.become_aware_date`,
            investigationDeadline: sql`excluded.investigation_deadline`,
            syncedAt: sql`excluded.synced_at`,
          },
          setWhere: sql`(${s.ip}, ${s.updatedAtJf}, ${s.status}, ${s.isNew}, ${s.flag}, ${s.notes}, ${s.answers}, ${s.submitter}, ${s.submitterSearch}, ${s.becomeAwareDate}, ${s.investigationDeadline})
            is distinct from (excluded.ip, excluded.jf_updated_at, excluded.status, excluded.is_new, excluded.flag, excluded.notes, excluded.answers, excluded.submitter, excluded.submitter_search, excluded.become_aware_date, excluded.investigation_deadline)`,
        })
        .returning({ id: submissions.id, inserted: sql<boolean>`(xmax = 0)` });
      return { inserted: result.filter((r) => r.inserted).map((r) => r.id), updated: result.filter((r) => !r.inserted).map((r) => r.id) };
    },
    /** Sets a one-way flag from false to true; undefined when it was already set (or the row is gone). */
    async setFlag(id: string, flag: 'reportable' | 'emailDelivered', at: Date): Promise<SubmissionDbRow | undefined> {
      const [row] = await db
        .update(submissions)
        .set({ [flag]: true, modifiedAt: at })
        .where(and(eq(submissions.id, id), eq(submissions[flag], false)))
        .returning();
      return row;
    },
    /** Replaces the follow-up unless it already reads `followup`; undefined when it did (or the row is gone). */
    async setFollowup(id: string, followup: string, at: Date): Promise<SubmissionDbRow | undefined> {
      const [row] = await db
        .update(submissions)
        .set({ followup, modifiedAt: at })
        .where(and(eq(submissions.id, id), sql`${submissions.followup} is distinct from ${followup}`))
        .returning();
      return row;
    },
    /** Updates workflow fields, only while the row is in one of `from` when given (a state guard). */
    async updateWorkflow(id: string, values: WorkflowFields, at: Date, from?: readonly SubmissionStatus[]): Promise<SubmissionDbRow | undefined> {
      const [row] = await db
        .update(submissions)
        .set({ ...values, modifiedAt: at })
        .where(and(eq(submissions.id, id), from ? inArray(submissions.submissionStatus, [...from]) : undefined))
        .returning();
      return row;
    },
  };
}
export type SubmissionsRepo = ReturnType<typeof createSubmissionsRepo>;
