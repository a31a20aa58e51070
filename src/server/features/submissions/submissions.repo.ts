import { type SQL, and, asc, between, desc, eq, gt, gte, ilike, inArray, isNull, lt, lte, notInArray, or, sql, sum } from 'drizzle-orm';
import { DUE_SOON_DAYS } from '#shared/reporting/clocks';
import { READ_ACTIONS } from '#shared/contract/audit';
import type { Actor } from '#shared/contract/reporting';
import type { FollowupNote, HistoryEntry, SubmissionFilters, SubmissionRow, SubmissionSortField, SubmissionStatus, Submission } from '#shared/contract/submissions';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { Queryable } from '../../db/unit-of-work.ts';
import { auditEvents, reportabilityDecisions, syncState, users, submissionDayCounts, submissions } from '../../db/schema/index.ts';
import { changesOf } from '../../lib/audit.ts';
import { addDaysIso, isoInstant } from '../../lib/dates.ts';
import { copyRows } from '../../db/copy-out.ts';
import { type JotformAnswerLike, type JotformColumns, orderedAnswers } from './submission-mapper.ts';
import type { CsvSubmission } from './submissions.csv.ts';
import { type ReportingSettings, reportingDueOf, reportingFieldsOf } from './reporting-fields.ts';

export type SubmissionDbRow = typeof submissions.$inferSelect;
export type WorkflowFields = Partial<
  Pick<SubmissionDbRow, 'submissionStatus' | 'reportable' | 'emailDelivered' | 'followup' | 'chNumber' | 'chTitle' | 'arenaGuid' | 'transferError' | 'denyReason' | 'reviewedBy' | 'reviewedAt'>
>;

/** What turning a stored row into an answer needs beyond the row: the clock settings and today. */
export interface RowContext {
  settings: ReportingSettings;
  /** YYYY-MM-DD in the JotForm account's time zone. */
  today: string;
}

/**
 * The columns a list row is made of (toSubmissionRow): all but the answers and the bookkeeping.
 * The list and the follow-up save read only these, not the answers (the largest column).
 */
const ROW_COLUMNS = {
  id: submissions.id,
  formId: submissions.formId,
  ip: submissions.ip,
  createdAtJf: submissions.createdAtJf,
  updatedAtJf: submissions.updatedAtJf,
  submissionDate: submissions.submissionDate,
  submitter: submissions.submitter,
  status: submissions.status,
  submissionStatus: submissions.submissionStatus,
  isNew: submissions.isNew,
  flag: submissions.flag,
  notes: submissions.notes,
  becomeAwareDate: submissions.becomeAwareDate,
  investigationDeadline: submissions.investigationDeadline,
  reportable: submissions.reportable,
  chNumber: submissions.chNumber,
  chTitle: submissions.chTitle,
  followup: submissions.followup,
  emailDelivered: submissions.emailDelivered,
  transferError: submissions.transferError,
  denyReason: submissions.denyReason,
  reportingDecision: submissions.reportingDecision,
  reportingCategory: submissions.reportingCategory,
  reportingRegimes: submissions.reportingRegimes,
  reportingReports: submissions.reportingReports,
} satisfies { [K in keyof SubmissionDbRow]?: (typeof submissions)[K] };
export type SubmissionRowColumns = Pick<SubmissionDbRow, keyof typeof ROW_COLUMNS>;

export function toSubmissionRow(r: SubmissionRowColumns, ctx: RowContext): SubmissionRow {
  const reporting = reportingFieldsOf(r, ctx.settings, ctx.today);
  return {
    id: r.id,
    submissionId: r.id,
    form_id: r.formId,
    ip: r.ip,
    created_at: r.createdAtJf,
    updated_at: r.updatedAtJf,
    submissionDate: isoInstant(r.submissionDate),
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
    reportingClocks: reporting.reportingClocks,
    reportingDue: reporting.reportingDue,
    clock: reporting.clock,
    decision: reporting.decision,
  };
}

export function toSubmission(r: SubmissionDbRow, ctx: RowContext): Submission {
  return { ...toSubmissionRow(r, ctx), answers: orderedAnswers(r.answers as Record<string, JotformAnswerLike>) };
}

const { submissionDate, createdAtJf, submitter, submissionStatus, becomeAwareDate, investigationDeadline, reportable, chNumber, chTitle, followup, emailDelivered } = ROW_COLUMNS;
const SORT_COLUMNS = { submissionDate, submitter, submissionStatus, becomeAwareDate, investigationDeadline, reportable, chNumber, chTitle, followup, emailDelivered } satisfies Record<SubmissionSortField, unknown>;

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

/** The filters beyond the date range (clock, decision, deadline): read from indexed columns, counted without the day table. */
const needsRowCount = (f: SubmissionFilters) => Boolean(f.search || f.clock || f.decision || f.deadline);

function clockWhere(clock: SubmissionFilters['clock'], today: string): SQL | undefined {
  const due = submissions.reportingDue;
  const soon = addDaysIso(today, DUE_SOON_DAYS);
  if (clock === 'overdue') return lt(due, today);
  if (clock === 'due_soon') return between(due, today, soon);
  if (clock === 'open') return gt(due, soon);
  if (clock === 'due_within_7_days') return between(due, today, addDaysIso(today, 7));
  return undefined;
}

function where(formId: string, f: SubmissionFilters, today: string): SQL | undefined {
  const q = f.search?.toLowerCase();
  return and(
    eq(submissions.formId, formId),
    clockWhere(f.clock, today),
    f.decision === 'undecided' ? isNull(submissions.reportingDecision) : f.decision ? eq(submissions.reportingDecision, f.decision) : undefined,
    f.deadline === 'week'
      ? and(notInArray(submissions.submissionStatus, ['Successful Transfer', 'Denied']), between(submissions.investigationDeadline, today, addDaysIso(today, 7)))
      : undefined,
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

const REPORTING_SETTINGS_KEY = 'reporting:settings';
/** The settings the stored due dates were computed with: the regimes and the holidays of the years clocks reach. */
function settingsFingerprint(s: ReportingSettings): string {
  const year = new Date().getUTCFullYear();
  const holidays = Array.from({ length: 12 }, (_, i) => s.holidays(year - 10 + i)).flat();
  return `${s.regimes.join(',')}|${holidays.join(',')}`;
}

/** The audit action of a follow-up save; its entries are the follow-up notes (decision 034). */
export const FOLLOWUP_ACTION = 'followup';

/**
 * Who did something, as the user is now; a user since deleted keeps the e-mail they had then.
 * Null when no user did it (JotForm, the portal itself).
 */
export function actorOf(id: string | null, emailThen: string | null, now: { name: string | null; email: string | null }): Actor {
  if (!id) return null;
  return { id, name: now.name ?? emailThen ?? id, email: now.email ?? emailThen ?? '' };
}

/**
 * A submission by its JotForm id, else by its CH number: URLs accept both (docs/product.md, The API). With `lock`,
 * the row stays locked until the change's transaction `q` ends, so the change is decided on it.
 */
export async function findSubmission(q: Queryable, idOrChNumber: string, lock = false): Promise<SubmissionDbRow | undefined> {
  const one = async (where: SQL) => {
    const query = q.select().from(submissions).where(where).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  };
  return (await one(eq(submissions.id, idOrChNumber))) ?? (await one(eq(submissions.chNumber, idOrChNumber)));
}

/** `exportPool`: the connections the CSV export's COPY runs on (the API's own pool when none is given). */
export function createSubmissionsRepo(db: Db, exportPool: pg.Pool = db.$client) {
  return {
    find: (idOrChNumber: string, q: Queryable = db) => findSubmission(q, idOrChNumber),
    /** The submission by id or CH number, locked for the change's transaction. */
    lock: (tx: Queryable, idOrChNumber: string) => findSubmission(tx, idOrChNumber, true),
    async page(formId: string, f: SubmissionFilters, today: string, sort: { field: SubmissionSortField; order: 'asc' | 'desc' }, offset: number, limit: number) {
      return db.select(ROW_COLUMNS).from(submissions).where(where(formId, f, today)).orderBy(...orderBy(sort)).limit(limit).offset(offset);
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
    /** The export's rows for the filters, in the list's order, streamed out of PostgreSQL in batches. */
    async *exportRows(formId: string, f: SubmissionFilters, today: string, sort: { field: SubmissionSortField; order: 'asc' | 'desc' } = DEFAULT_SORT): AsyncGenerator<CsvSubmission[]> {
      for await (const rows of copyRows(exportPool, this.exportQuery(formId, f, today, sort))) yield rows.map(toCsvSubmission);
    },
    /** The one SELECT the export runs (exposed for EXPLAIN). */
    exportQuery(formId: string, f: SubmissionFilters, today: string, sort: { field: SubmissionSortField; order: 'asc' | 'desc' } = DEFAULT_SORT): { sql: string; params: unknown[] } {
      return db.select(EXPORT_COLUMNS).from(submissions).where(where(formId, f, today)).orderBy(...orderBy(sort)).toSQL();
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
    async upsertFromJotform(batch: JotformColumns[], at: Date, settings: ReportingSettings): Promise<{ inserted: string[]; updated: string[] }> {
      const rows = [...new Map(batch.map((r) => [r.id, r])).values()];
      if (rows.length === 0) return { inserted: [], updated: [] };
      const s = submissions;
      const undecided = { reportingDecision: null, reportingCategory: null, reportingRegimes: null, reportingReports: {} } as const;
      return db.transaction(async (tx) => {
        // What the audit entries compare and the clocks of known rows start from.
        const known = new Map(
          (await tx.select({ id: s.id, becomeAwareDate: s.becomeAwareDate, investigationDeadline: s.investigationDeadline, status: s.status, reportingDecision: s.reportingDecision, reportingCategory: s.reportingCategory, reportingRegimes: s.reportingRegimes, reportingReports: s.reportingReports }).from(s).where(inArray(s.id, rows.map((r) => r.id)))).map((r) => [r.id, r]),
        );
        const result = await tx
          .insert(submissions)
          .values(rows.map((r) => ({ ...r, syncedAt: at, modifiedAt: at, reportingDue: reportingDueOf({ ...undecided, becomeAwareDate: r.becomeAwareDate }, settings) })))
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
        const byId = new Map(rows.map((r) => [r.id, r]));
        const audits: (typeof auditEvents.$inferInsert)[] = [];
        for (const { id, inserted } of result) {
          const now = byId.get(id)!;
          const after = { becomeAwareDate: now.becomeAwareDate, investigationDeadline: now.investigationDeadline, status: now.status };
          const before = known.get(id);
          if (inserted || !before) {
            audits.push({ at, actorId: null, actorEmail: null, entity: 'submission', entityId: id, action: 'import', before: null, after });
            continue;
          }
          const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => before[k] !== after[k]);
          if (changed.length > 0) {
            audits.push({ at, actorId: null, actorEmail: null, entity: 'submission', entityId: id, action: 'sync update', before: Object.fromEntries(changed.map((k) => [k, before[k]])), after: Object.fromEntries(changed.map((k) => [k, after[k]])) });
          }
          // A new become-aware date moves the clocks.
          if (before.becomeAwareDate !== now.becomeAwareDate) {
            await tx.update(s).set({ reportingDue: reportingDueOf({ ...before, becomeAwareDate: now.becomeAwareDate }, settings) }).where(eq(s.id, id));
          }
        }
        if (audits.length > 0) await tx.insert(auditEvents).values(audits);
        return { inserted: result.filter((r) => r.inserted).map((r) => r.id), updated: result.filter((r) => !r.inserted).map((r) => r.id) };
      });
    },
    /**
     * Recomputes `reporting_due` of every row whose clocks may have changed with the settings
     * (REPORTING_REGIMES, REPORTING_HOLIDAYS): run at start when they differ from the last run's.
     * Returns how many rows changed.
     */
    async refreshReportingDue(settings: ReportingSettings, batchSize = 5000): Promise<number> {
      // Only when the settings differ from the last run's (and once after the migration that added the column).
      const fingerprint = settingsFingerprint(settings);
      const [last] = await db.select().from(syncState).where(eq(syncState.key, REPORTING_SETTINGS_KEY)).limit(1);
      if (last && last.value === fingerprint) return 0;
      const s = submissions;
      let after = '';
      let changed = 0;
      for (;;) {
        const rows = await db
          .select({ id: s.id, becomeAwareDate: s.becomeAwareDate, reportingDecision: s.reportingDecision, reportingCategory: s.reportingCategory, reportingRegimes: s.reportingRegimes, reportingReports: s.reportingReports, reportingDue: s.reportingDue })
          .from(s)
          .where(gt(s.id, after))
          .orderBy(asc(s.id))
          .limit(batchSize);
        if (rows.length === 0) {
          await db.insert(syncState).values({ key: REPORTING_SETTINGS_KEY, value: fingerprint }).onConflictDoUpdate({ target: syncState.key, set: { value: fingerprint, updatedAt: new Date() } });
          return changed;
        }
        after = rows[rows.length - 1]!.id;
        const updates = rows.map((r) => ({ id: r.id, due: reportingDueOf(r, settings), was: r.reportingDue })).filter((u) => u.due !== u.was);
        if (updates.length > 0) {
          await db.$client.query('update submissions s set reporting_due = u.due from unnest($1::text[], $2::date[]) as u(id, due) where s.id = u.id', [updates.map((u) => u.id), updates.map((u) => u.due)]);
          changed += updates.length;
        }
      }
    },
    /** What happened to a submission, newest first, from the audit trail (actor null: JotForm or the portal); reads are not history. */
    async history(submissionId: string): Promise<HistoryEntry[]> {
      const e = auditEvents;
      const rows = await db
        .select({ at: e.at, actorId: e.actorId, actorEmail: e.actorEmail, action: e.action, before: e.before, after: e.after, name: users.name, email: users.email })
        .from(e)
        .leftJoin(users, eq(users.id, e.actorId))
        .where(and(eq(e.entity, 'submission'), eq(e.entityId, submissionId), notInArray(e.action, [...READ_ACTIONS])))
        .orderBy(desc(e.at), desc(e.id));
      return rows.map((r) => ({ at: r.at.toISOString(), actor: actorOf(r.actorId, r.actorEmail, r), action: r.action, changes: changesOf(r.before, r.after) }));
    },
    /**
     * A submission's follow-up notes (its audit entries of that action, decision 034), newest first,
     * each with its author as the user is now; `only.id` reads one note, the one a save just wrote
     * (on the save's transaction `q`).
     */
    async followups(submissionId: string, only: { limit?: number; id?: string } = {}, q: Queryable = db): Promise<FollowupNote[]> {
      const a = auditEvents;
      const query = q
        .select({ id: a.id, text: sql<string>`${a.after}->>'followup'`, at: a.at, authorId: a.actorId, authorEmail: a.actorEmail, name: users.name, email: users.email })
        .from(a)
        .leftJoin(users, eq(users.id, a.actorId))
        .where(and(eq(a.entity, 'submission'), eq(a.entityId, submissionId), eq(a.action, FOLLOWUP_ACTION), only.id ? eq(a.id, Number(only.id)) : undefined))
        .orderBy(desc(a.at), desc(a.id));
      const rows = only.limit ? await query.limit(only.limit) : await query;
      return rows.map((r) => ({ id: String(r.id), text: r.text, at: r.at.toISOString(), author: actorOf(r.authorId, r.authorEmail, r) }));
    },
    /**
     * Marks reportable through the mark-reportable call (false → true), which counts as a decision without a
     * category or rationale: the flag, the decision record and the clocks, on the change's
     * transaction. Undefined when it was already reportable.
     */
    async markReportable(tx: Queryable, id: string, at: Date, actor: { id: string; email: string }, settings: ReportingSettings): Promise<SubmissionDbRow | undefined> {
      const [before] = await tx
        .update(submissions)
        .set({ reportable: true, reportingDecision: 'reportable', reportingCategory: null, modifiedAt: at })
        .where(and(eq(submissions.id, id), eq(submissions.reportable, false)))
        .returning();
      if (!before) return undefined;
      const [row] = await tx.update(submissions).set({ reportingDue: reportingDueOf(before, settings) }).where(eq(submissions.id, id)).returning();
      await tx.insert(reportabilityDecisions).values({ submissionId: id, decision: 'reportable', rationale: null, regimes: before.reportingRegimes ?? [...settings.regimes], category: null, decidedAt: at, decidedBy: actor.id, decidedByEmail: actor.email });
      return row;
    },
    /** Sets a one-way flag from false to true; undefined when it was already set. */
    async setFlag(tx: Queryable, id: string, flag: 'emailDelivered', at: Date): Promise<SubmissionDbRow | undefined> {
      const [row] = await tx
        .update(submissions)
        .set({ [flag]: true, modifiedAt: at })
        .where(and(eq(submissions.id, id), eq(submissions[flag], false)))
        .returning();
      return row;
    },
    /** Makes `text` the submission's follow-up; answers the row as a list shows it. */
    async setFollowup(tx: Queryable, id: string, text: string, at: Date): Promise<SubmissionRowColumns> {
      const [row] = await tx.update(submissions).set({ followup: text, modifiedAt: at }).where(eq(submissions.id, id)).returning(ROW_COLUMNS);
      return row!;
    },
    /** Updates workflow fields, only while the row is in one of `from` (a state guard). */
    async updateWorkflow(tx: Queryable, id: string, values: WorkflowFields, at: Date, from: readonly SubmissionStatus[]): Promise<SubmissionDbRow | undefined> {
      const [row] = await tx
        .update(submissions)
        .set({ ...values, modifiedAt: at })
        .where(and(eq(submissions.id, id), inArray(submissions.submissionStatus, [...from])))
        .returning();
      return row;
    },
  };
}
export type SubmissionsRepo = ReturnType<typeof createSubmissionsRepo>;
