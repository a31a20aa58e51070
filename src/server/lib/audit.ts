import type { Actor } from '#shared/contract/reporting';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { auditEvents } from '../db/schema/index.ts';
import type { Clock } from './clock.ts';

export type AuditEntity = 'user' | 'session' | 'submission' | 'form' | 'field_mapping' | 'email_config' | 'question' | 'system_log' | 'mail' | 'signal_rule';

export interface AuditActor {
  id: string;
  email: string;
  /** The client address the actor's request came from. */
  address?: string;
}

export interface AuditRecord {
  actor: AuditActor | null;
  entity: AuditEntity;
  entityId: string;
  action: string;
  before?: unknown;
  after?: unknown;
  /** The client address, when there is no actor (a failed sign-in) or it differs. */
  address?: string;
}

/** An entry as written: its id and the time the trail gave it. */
export interface RecordedEntry {
  id: string;
  at: Date;
}

/** The append-only audit trail: who changed what, when, from what to what. */
export interface AuditTrail {
  /** Writes the entry on `tx`, the change's transaction (the unit of work's), and returns its id and time. */
  record(entry: AuditRecord, tx: Queryable): Promise<RecordedEntry>;
  /** Writes many entries of one change on `tx` in one statement, all with the same time (an import's batch). */
  recordMany(entries: readonly AuditRecord[], tx: Queryable): Promise<void>;
}

/** Fields never copied into the audit trail. */
const SECRET_KEYS = new Set(['password', 'passwordHash', 'tokenHash']);

function scrub(value: unknown): unknown {
  if (value === undefined) return null;
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(scrub);
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([k]) => !SECRET_KEYS.has(k))
      .map(([k, v]) => [k, scrub(v)]),
  );
}

/** The row an entry is stored as. */
function rowOf(entry: AuditRecord, at: Date): typeof auditEvents.$inferInsert {
  return {
    at,
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    address: entry.address ?? entry.actor?.address ?? null,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: scrub(entry.before),
    after: scrub(entry.after),
  };
}

export function createAuditTrail(clock: Clock): AuditTrail {
  return {
    async record(entry, tx) {
      const at = clock.now();
      const [row] = await tx.insert(auditEvents).values(rowOf(entry, at)).returning({ id: auditEvents.id });
      return { id: String(row!.id), at };
    },
    async recordMany(entries, tx) {
      if (entries.length === 0) return;
      const at = clock.now();
      // The entries travel as one JSON parameter read back as a record set, not a parameter per
      // cell: an import's batch of 1,000 would otherwise build a statement of 9,000 parameters.
      const rows = JSON.stringify(entries.map((entry) => rowOf(entry, at)));
      await tx.execute(sql`insert into audit_events (at, actor_id, actor_email, address, entity, entity_id, action, before, after)
        select ${at.toISOString()}::timestamptz, v."actorId", v."actorEmail", v.address, v.entity, v."entityId", v.action, v.before, v.after
          from jsonb_to_recordset(${rows}::jsonb) as v("actorId" text, "actorEmail" text, address text, entity text, "entityId" text, action text, before jsonb, after jsonb)`);
    },
  };
}

/** Keys an audit entry may hold that a reader is never shown: secrets and big blobs. */
const HIDDEN_KEYS = new Set([...SECRET_KEYS, 'answers', 'token', 'refreshToken', 'secret', 'apiKey']);

const NONE: ReadonlySet<string> = new Set();

/** Ids kept in an entry for the audit trail beside the name a submission's History shows (`owner` and `ownerId`). */
export const HISTORY_HIDDEN: ReadonlySet<string> = new Set(['ownerId']);

type Scalar = string | number | boolean | null;
function scalar(v: unknown): Scalar | undefined {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (Array.isArray(v) && v.every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x))) return v.join(', ');
  return undefined;
}
const asRecord = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * An audit entry's before/after as field changes: scalar values only (a list of scalars reads as
 * "a, b"), secrets and blobs such as answers left out (and `alsoHidden`), unchanged fields skipped.
 */
export function changesOf(before: unknown, after: unknown, alsoHidden: ReadonlySet<string> = NONE): { field: string; before: Scalar; after: Scalar }[] {
  const b = asRecord(before);
  const a = asRecord(after);
  const out: { field: string; before: Scalar; after: Scalar }[] = [];
  for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (HIDDEN_KEYS.has(field) || alsoHidden.has(field)) continue;
    const x = scalar(b[field]);
    const y = scalar(a[field]);
    if (x === undefined || y === undefined || x === y) continue;
    out.push({ field, before: x, after: y });
  }
  return out;
}

/**
 * Who did something, as the user is now; a user since deleted keeps the e-mail they had then.
 * Null when no user did it (JotForm, the portal itself).
 */
export function actorOf(id: string | null, emailThen: string | null, now: { name: string | null; email: string | null }): Actor {
  if (!id) return null;
  return { id, name: now.name ?? emailThen ?? id, email: now.email ?? emailThen ?? '' };
}
