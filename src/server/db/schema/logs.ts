import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The system log (docs/product.md, Logs and audit trail): what happened, for admins to read and clear. */
export const systemLogs = pgTable(
  'system_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    time: timestamp('time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    label: text('label').notNull(),
    process: text('process').notNull(),
    description: text('description').notNull(),
  },
  (t) => [index('system_logs_time_idx').on(t.time, t.id)],
);

/** Append-only audit trail (quality records must be retained); a trigger refuses UPDATE and DELETE. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    /** The client address of the request behind the change, when there was one. */
    address: text('address'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_events_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_events_at_idx').on(t.at, t.id),
    // "Has anyone opened submission X?" is found in a small index of the `viewed` entries alone.
    index('audit_events_viewed_idx').on(t.entityId).where(sql`${t.entity} = 'submission' and ${t.action} = 'viewed'`),
  ],
);
