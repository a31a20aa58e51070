import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { Work } from '../../db/unit-of-work.ts';
import { submissions } from '../../db/schema/index.ts';
import type { AuditRecord, AuditTrail } from '../../lib/audit.ts';
import { type ReportingSettings, reportingDueOf } from '../reporting/index.ts';
import { COMPLAINT_FIELDS } from '#shared/contract/field-mapping';
import { complaintFieldsOf, complaintQids } from './complaint-fields.ts';
import type { JotformColumns } from './submission-mapper.ts';

/** The columns JotForm owns: a re-read refreshes them, and a row none of them changed in is not written. */
const JOTFORM_OWNED = ['ip', 'updatedAtJf', 'status', 'isNew', 'flag', 'notes', 'answers', 'submitter', 'submitterSearch', 'becomeAwareDate', 'investigationDeadline', 'product', 'model', 'lot', 'udi'] as const;
/** A column's value in the row the upsert proposed (`excluded`). */
const incoming = (column: (typeof JOTFORM_OWNED)[number] | 'syncedAt') => sql`excluded.${sql.identifier(submissions[column].name)}`;
/**
 * What a re-read writes into a JotForm-owned column: what JotForm says, except that an awareness
 * date a handler set (with its reason, in an assessment) stays the become-aware date, and the
 * investigation deadline counted from it stays too.
 */
const proposed = (column: (typeof JOTFORM_OWNED)[number]) => {
  const overridden = sql`${submissions.awareDateOverride} is not null`;
  if (column === 'becomeAwareDate') return sql`case when ${overridden} then ${submissions.becomeAwareDate} else ${incoming(column)} end`;
  if (column === 'investigationDeadline') return sql`case when ${overridden} then ${submissions.investigationDeadline} else ${incoming(column)} end`;
  return incoming(column);
};

/**
 * The columns of a new row that come with the page as read (JotForm's, and the clocks' due date
 * from the become-aware date), by column name: a page's rows travel as one JSON parameter of these.
 */
const FROM_PAGE = {
  id: 'id',
  form_id: 'formId',
  ip: 'ip',
  jf_created_at: 'createdAtJf',
  jf_updated_at: 'updatedAtJf',
  status: 'status',
  is_new: 'isNew',
  flag: 'flag',
  notes: 'notes',
  answers: 'answers',
  submission_date: 'submissionDate',
  submitter: 'submitter',
  submitter_search: 'submitterSearch',
  become_aware_date: 'becomeAwareDate',
  investigation_deadline: 'investigationDeadline',
  reporting_due: 'reportingDue',
} as const satisfies Record<string, keyof typeof submissions.$inferInsert>;
type PageRecord = { [K in keyof typeof FROM_PAGE]: unknown };

/** A row of the page's JSON parameter (an object literal of one shape: the quickest to write as JSON). */
function pageRecord(r: JotformColumns, reportingDue: string | null): PageRecord {
  return {
    id: r.id,
    form_id: r.formId,
    ip: r.ip,
    jf_created_at: r.createdAtJf,
    jf_updated_at: r.updatedAtJf,
    status: r.status,
    is_new: r.isNew,
    flag: r.flag,
    notes: r.notes,
    answers: r.answers,
    submission_date: r.submissionDate,
    submitter: r.submitter,
    submitter_search: r.submitterSearch,
    become_aware_date: r.becomeAwareDate,
    investigation_deadline: r.investigationDeadline,
    reporting_due: reportingDue,
  };
}

/**
 * A page made ready to store before its transaction begins: its rows (the later copy of an id
 * twice) and their JSON parameter. Built as soon as the page is read, while the page before it is
 * still being written, so the transaction does not wait for it.
 */
export interface PreparedImport {
  rows: JotformColumns[];
  /** The rows' JSON: every column of FROM_PAGE. */
  records: string;
}

const undecided = { reportingDecision: null, reportingCategory: null, reportingCategories: {}, reportingRegimes: null, reportingReports: {} } as const;

/** A page's rows and their JSON parameter; the complaint fields and the sync time are added in the transaction. */
export function prepareImport(batch: JotformColumns[], settings: ReportingSettings): PreparedImport {
  const rows = [...new Map(batch.map((r) => [r.id, r])).values()];
  const records = JSON.stringify(rows.map((r) => pageRecord(r, reportingDueOf({ ...undecided, becomeAwareDate: r.becomeAwareDate }, settings))));
  // V8 writes a long JSON text in pieces; its first byte count joins them into one string. Done
  // here, while the page before is written, not when the driver sends it.
  Buffer.byteLength(records);
  return { rows, records };
}

/**
 * A page's one upsert statement: its rows as one JSON parameter read back as a record set
 * (`jsonb_to_recordset`), the complaint fields as a second, smaller one (empty while no question
 * is named for them), the sync time as a third. New rows are inserted; a known row's JotForm-owned
 * columns are refreshed only when one of them differs. Returns each written id and whether it was new.
 */
function upsertStatement(page: PreparedImport, complaint: string, at: Date) {
  const s = submissions;
  const pageColumns = Object.entries(FROM_PAGE) as [keyof typeof FROM_PAGE, (typeof FROM_PAGE)[keyof typeof FROM_PAGE]][];
  const types = sql.join(pageColumns.map(([name, key]) => sql`${sql.identifier(name)} ${sql.raw(s[key].getSQLType())}`), sql`, `);
  const complaintTypes = sql.join(COMPLAINT_FIELDS.map((f) => sql`${sql.identifier(s[f].name)} ${sql.raw(s[f].getSQLType())}`), sql`, `);
  const names = sql.join([...pageColumns.map(([name]) => sql.identifier(name)), ...COMPLAINT_FIELDS.map((f) => sql.identifier(s[f].name)), sql.identifier(s.syncedAt.name), sql.identifier(s.modifiedAt.name)], sql`, `);
  const time = sql`${at.toISOString()}::timestamptz`;
  const selected = sql.join([...pageColumns.map(([name]) => sql`v.${sql.identifier(name)}`), ...COMPLAINT_FIELDS.map((f) => sql`c.${sql.identifier(s[f].name)}`), time, time], sql`, `);
  const set = sql.join([...JOTFORM_OWNED.map((c) => sql`${sql.identifier(s[c].name)} = ${proposed(c)}`), sql`${sql.identifier(s.syncedAt.name)} = ${incoming('syncedAt')}`], sql`, `);
  return sql`insert into ${s} (${names}) select ${selected}
    from jsonb_to_recordset(${page.records}::jsonb) as v(${types})
    left join jsonb_to_recordset(${complaint}::jsonb) as c(id text, ${complaintTypes}) on c.id = v.id
    on conflict (${sql.identifier(s.id.name)}) do update set ${set}
    where (${sql.join(JOTFORM_OWNED.map((c) => s[c]), sql`, `)}) is distinct from (${sql.join(JOTFORM_OWNED.map(proposed), sql`, `)})
    returning ${sql.identifier(s.id.name)} as id, (xmax = 0) as inserted`;
}

/**
 * Runs inside the import's transaction with the ids it inserted or changed (triage at intake flags
 * them, docs/features/triage.md); what it defers runs once the import commits.
 */
export type AfterImport = (work: { tx: Tx; afterCommit: Work['afterCommit'] }, ids: string[], at: Date) => Promise<unknown>;

/** What a batch's import did: the ids it inserted and those whose JotForm columns it changed. */
export interface ImportResult {
  inserted: string[];
  updated: string[];
}

/**
 * Runs last in the batch's transaction, with what it did: the pull's bookkeeping (its cursor, the
 * first sync's progress) commits with the rows it covers, or not at all.
 */
export type WithinImport = (work: { tx: Tx; afterCommit: Work['afterCommit'] }, result: ImportResult) => Promise<void>;

/** The JotForm import's writes: new and changed submissions, each with its audit entry. */
export function createJotformImportRepo(db: Db, trail: AuditTrail, afterImport?: AfterImport) {
  return {
    /**
     * Inserts new submissions and refreshes the JotForm-owned columns of known ones; workflow
     * columns are never in the update. A known row whose JotForm columns are unchanged is not
     * written (the poll re-reads a few minutes of overlap). Returns which ids were new and which
     * changed. The same id twice in one batch (JotForm's offset paging shifts when rows move) keeps
     * the later copy. `within` runs last in the same transaction. `sent` is called once the
     * batch's upsert is on its way to the database (the pull asks JotForm for its next page then).
     */
    async upsertFromJotform(batch: JotformColumns[] | PreparedImport, at: Date, settings: ReportingSettings, within?: WithinImport, sent?: () => void): Promise<ImportResult> {
      const page = Array.isArray(batch) ? prepareImport(batch, settings) : batch;
      const { rows } = page;
      if (rows.length === 0 && !within) return { inserted: [], updated: [] };
      const s = submissions;
      const effects: (() => Promise<void>)[] = [];
      const done = await db.transaction(async (tx) => {
        const work = { tx, afterCommit: (effect: () => Promise<void>) => effects.push(effect) };
        if (rows.length === 0) {
          const none: ImportResult = { inserted: [], updated: [] };
          await within?.(work, none);
          return none;
        }
        // The complaint fields (product, model, lot, UDI) read from the questions named for them.
        const qids = await complaintQids(tx);
        // What the audit entries compare and the clocks of known rows start from.
        const known = new Map(
          (await tx.select({ id: s.id, awareDateOverride: s.awareDateOverride, becomeAwareDate: s.becomeAwareDate, investigationDeadline: s.investigationDeadline, status: s.status, submissionStatus: s.submissionStatus, reportingDecision: s.reportingDecision, reportingCategory: s.reportingCategory, reportingCategories: s.reportingCategories, reportingRegimes: s.reportingRegimes, reportingReports: s.reportingReports }).from(s).where(inArray(s.id, rows.map((r) => r.id)))).map((r) => [r.id, r]),
        );
        const complaint = Object.keys(qids).length === 0 ? '[]' : JSON.stringify(rows.map((r) => ({ id: r.id, ...complaintFieldsOf(r.answers, qids) })));
        const upsert = Promise.resolve(tx.execute<{ id: string; inserted: boolean }>(upsertStatement(page, complaint, at)));
        sent?.();
        const result = (await upsert).rows;
        const byId = new Map(rows.map((r) => [r.id, r]));
        const audits: AuditRecord[] = [];
        for (const { id, inserted } of result) {
          const before = known.get(id);
          const read = byId.get(id)!;
          const now = before?.awareDateOverride ? { ...read, becomeAwareDate: before.becomeAwareDate, investigationDeadline: before.investigationDeadline } : read;
          const after = { becomeAwareDate: now.becomeAwareDate, investigationDeadline: now.investigationDeadline, status: now.status };
          if (inserted || !before) {
            audits.push({ actor: null, entity: 'submission', entityId: id, action: 'import', before: null, after });
            continue;
          }
          const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => before[k] !== after[k]);
          if (changed.length > 0) {
            audits.push({ actor: null, entity: 'submission', entityId: id, action: 'sync update', before: Object.fromEntries(changed.map((k) => [k, before[k]])), after: Object.fromEntries(changed.map((k) => [k, after[k]])) });
          }
          // A new become-aware date moves the clocks.
          if (before.becomeAwareDate !== now.becomeAwareDate) {
            await tx.update(s).set({ reportingDue: reportingDueOf({ ...before, becomeAwareDate: now.becomeAwareDate }, settings) }).where(eq(s.id, id));
          }
        }
        await trail.recordMany(audits, tx);
        if (afterImport && result.length > 0) await afterImport(work, result.map((r) => r.id), at);
        const imported = { inserted: result.filter((r) => r.inserted).map((r) => r.id), updated: result.filter((r) => !r.inserted).map((r) => r.id) };
        if (within) await within(work, imported);
        return imported;
      });
      for (const effect of effects) await effect();
      return done;
    },
  };
}
export type JotformImportRepo = ReturnType<typeof createJotformImportRepo>;
