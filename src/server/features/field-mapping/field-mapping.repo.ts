import { and, asc, eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { auditEvents, fieldMappings } from '../../db/schema/index.ts';

export type FieldMappingRow = typeof fieldMappings.$inferSelect;
export type FieldMappingValues = Omit<typeof fieldMappings.$inferInsert, 'id' | 'createdAt'>;

export function createFieldMappingRepo(db: Db) {
  return {
    list: (): Promise<FieldMappingRow[]> => db.select().from(fieldMappings).orderBy(asc(fieldMappings.createdAt), asc(fieldMappings.id)),
    async findById(id: string): Promise<FieldMappingRow | undefined> {
      const [row] = await db.select().from(fieldMappings).where(eq(fieldMappings.id, id)).limit(1);
      return row;
    },
    /** Whether a mapping was ever saved: one exists, or the audit trail records one made (deleted since). */
    async everMapped(): Promise<boolean> {
      const [mapping] = await db.select({ id: fieldMappings.id }).from(fieldMappings).limit(1);
      if (mapping) return true;
      const [entry] = await db.select({ id: auditEvents.id }).from(auditEvents).where(and(eq(auditEvents.entity, 'field_mapping'), eq(auditEvents.action, 'create'))).limit(1);
      return !!entry;
    },
    async findByGuid(guid: string): Promise<FieldMappingRow | undefined> {
      const [row] = await db.select().from(fieldMappings).where(eq(fieldMappings.arenaFieldGuid, guid)).limit(1);
      return row;
    },
    /** The mapping, locked until the change's transaction ends: the change is decided on it. */
    async lock(tx: Queryable, id: string): Promise<FieldMappingRow | undefined> {
      const [row] = await tx.select().from(fieldMappings).where(eq(fieldMappings.id, id)).for('update');
      return row;
    },
    async insert(tx: Queryable, values: typeof fieldMappings.$inferInsert): Promise<FieldMappingRow> {
      const [row] = await tx.insert(fieldMappings).values(values).returning();
      return row!;
    },
    async update(tx: Queryable, id: string, values: FieldMappingValues): Promise<FieldMappingRow | undefined> {
      const [row] = await tx.update(fieldMappings).set(values).where(eq(fieldMappings.id, id)).returning();
      return row;
    },
    async remove(tx: Queryable, id: string): Promise<FieldMappingRow | undefined> {
      const [row] = await tx.delete(fieldMappings).where(eq(fieldMappings.id, id)).returning();
      return row;
    },
  };
}
export type FieldMappingRepo = ReturnType<typeof createFieldMappingRepo>;
