import { type SQL, and, desc, eq, gte, ilike, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import { AUDIT_ACTION_GROUPS, type AuditEntity, type AuditEntry, READ_ACTIONS } from '#shared/contract/audit';
import type { Db } from '../../db/client.ts';
import { auditEvents, submissions, users } from '../../db/schema/index.ts';
import { actorOf, changesOf } from '../../lib/audit.ts';

export interface AuditQuery {
  entity?: AuditEntity | undefined;
  entityId?: string | undefined;
  /** A user's id, or part of an e-mail address. */
  actor?: string | undefined;
  action?: string | undefined;
  /** A CH number, a submission ID or part of a submitter's name: entries on the matching submissions. */
  submission?: string | undefined;
  /** Instants bounding the entries: `from` inclusive, `until` exclusive. */
  from?: Date | undefined;
  until?: Date | undefined;
  /** Include reads (viewed, exported); left out otherwise unless `action` names one. */
  reads?: boolean | undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The ids of the submissions a person's words name: an id, a CH number, or part of the submitter's name. */
function matchingSubmissions(text: string): SQL {
  const q = text.trim();
  return sql`(select ${submissions.id} from ${submissions} where ${submissions.id} = ${q} or upper(${submissions.chNumber}) = upper(${q}) or ${submissions.submitterSearch} like ${`%${escapeLike(q.toLowerCase())}%`})`;
}

function where(q: AuditQuery): SQL | undefined {
  const e = auditEvents;
  return and(
    q.entity ? eq(e.entity, q.entity) : undefined,
    q.entityId ? eq(e.entityId, q.entityId) : undefined,
    q.actor ? or(eq(e.actorId, q.actor), ilike(e.actorEmail, `%${escapeLike(q.actor)}%`)) : undefined,
    q.action ? inArray(e.action, [...(AUDIT_ACTION_GROUPS.get(q.action) ?? [q.action])]) : undefined,
    q.submission ? and(eq(e.entity, 'submission'), inArray(e.entityId, matchingSubmissions(q.submission))) : undefined,
    q.from ? gte(e.at, q.from) : undefined,
    q.until ? lt(e.at, q.until) : undefined,
    q.reads || q.action ? undefined : notInArray(e.action, [...READ_ACTIONS]),
  );
}

const COLUMNS = {
  id: auditEvents.id,
  at: auditEvents.at,
  actorId: auditEvents.actorId,
  actorEmail: auditEvents.actorEmail,
  address: auditEvents.address,
  entity: auditEvents.entity,
  entityId: auditEvents.entityId,
  action: auditEvents.action,
  before: auditEvents.before,
  after: auditEvents.after,
  name: users.name,
  email: users.email,
  chNumber: submissions.chNumber,
  submitter: submissions.submitter,
};
interface Raw {
  id: number;
  at: Date;
  actorId: string | null;
  actorEmail: string | null;
  address: string | null;
  entity: string;
  entityId: string;
  action: string;
  before: unknown;
  after: unknown;
  name: string | null;
  email: string | null;
  chNumber: string | null;
  submitter: string | null;
}

function toEntry(r: Raw): AuditEntry {
  return {
    id: String(r.id),
    at: r.at.toISOString(),
    actor: actorOf(r.actorId, r.actorEmail, r),
    actorEmail: r.actorEmail,
    address: r.address,
    entity: r.entity as AuditEntity,
    entityId: r.entityId,
    action: r.action,
    changes: changesOf(r.before, r.after),
    submission: r.entity === 'submission' && r.submitter !== null ? { chNumber: r.chNumber, submitter: r.submitter } : null,
  };
}

/** The audit trail as admins read it: newest first, walked along its time index. */
export function createAuditRepo(db: Db) {
  const select = () =>
    db
      .select(COLUMNS)
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .leftJoin(submissions, and(eq(auditEvents.entity, 'submission'), eq(submissions.id, auditEvents.entityId)));
  return {
    async page(q: AuditQuery, offset: number, limit: number): Promise<AuditEntry[]> {
      const rows = await select().where(where(q)).orderBy(desc(auditEvents.at), desc(auditEvents.id)).limit(limit).offset(offset);
      return rows.map(toEntry);
    },
    async total(q: AuditQuery): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(auditEvents).where(where(q));
      return row?.n ?? 0;
    },
    /** Every matching entry, newest first, in batches read by keyset (no offset walks). */
    async *all(q: AuditQuery, batch = 2000): AsyncGenerator<AuditEntry[]> {
      let after: { at: Date; id: number } | undefined;
      for (;;) {
        const rows = await select()
          .where(and(where(q), after ? sql`(${auditEvents.at}, ${auditEvents.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})` : undefined))
          .orderBy(desc(auditEvents.at), desc(auditEvents.id))
          .limit(batch);
        if (rows.length === 0) return;
        yield rows.map(toEntry);
        const last = rows[rows.length - 1]!;
        after = { at: last.at, id: last.id };
        if (rows.length < batch) return;
      }
    },
    /** The actions recorded so far; one filed under another (AUDIT_ACTION_GROUPS) is listed as that one. */
    async actions(): Promise<string[]> {
      const rows = await db.selectDistinct({ action: auditEvents.action }).from(auditEvents).orderBy(auditEvents.action);
      const filed = new Map([...AUDIT_ACTION_GROUPS].flatMap(([group, members]) => members.map((m) => [m, group] as const)));
      return [...new Set(rows.map((r) => filed.get(r.action) ?? r.action))].sort();
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
