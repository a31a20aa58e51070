import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents, submissions } from '../../db/schema/index.ts';
import { type ReportingSettings, reportingDueOf } from '../reporting/index.ts';
import type { JotformColumns } from './submission-mapper.ts';

/** The columns JotForm owns: a re-read refreshes them, and a row none of them changed in is not written. */
const JOTFORM_OWNED = ['ip', 'updatedAtJf', 'status', 'isNew', 'flag', 'notes', 'answers', 'submitter', 'submitterSearch', 'becomeAwareDate', 'investigationDeadline'] as const;
/** A column's value in the row the upsert proposed (`excluded`). */
const incoming = (column: (typeof JOTFORM_OWNED)[number] | 'syncedAt') => sql`excluded.${sql.identifier(submissions[column].name)}`;

/** The JotForm import's writes: new and changed submissions, each with its audit entry. */
export function createJotformImportRepo(db: Db) {
  return {
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
          (await tx.select({ id: s.id, becomeAwareDate: s.becomeAwareDate, investigationDeadline: s.investigationDeadline, status: s.status, submissionStatus: s.submissionStatus, reportingDecision: s.reportingDecision, reportingCategory: s.reportingCategory, reportingRegimes: s.reportingRegimes, reportingReports: s.reportingReports }).from(s).where(inArray(s.id, rows.map((r) => r.id)))).map((r) => [r.id, r]),
        );
        const result = await tx
          .insert(submissions)
          .values(rows.map((r) => ({ ...r, syncedAt: at, modifiedAt: at, reportingDue: reportingDueOf({ ...undecided, becomeAwareDate: r.becomeAwareDate }, settings) })))
          .onConflictDoUpdate({
            target: submissions.id,
            set: { ...Object.fromEntries(JOTFORM_OWNED.map((c) => [c, incoming(c)])), syncedAt: incoming('syncedAt') },
            setWhere: sql`(${sql.join(JOTFORM_OWNED.map((c) => s[c]), sql`, `)}) is distinct from (${sql.join(JOTFORM_OWNED.map(incoming), sql`, `)})`,
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
  };
}
export type JotformImportRepo = ReturnType<typeof createJotformImportRepo>;
