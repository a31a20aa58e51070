import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fieldMappings } from '../../db/schema/index.ts';

export type FieldMappingRow = typeof fieldMappings.$inferSelect;
export type FieldMappingValues = Omit<typeof fieldMappings.$inferInsert, 'id' | 'createdAt'>;

export function createFieldMappingRepo(db: Db) {
  return {
    list: (): Promise<FieldMappingRow[]> => db.select().from(fieldMappings).orderBy(asc(fieldMappings.createdAt), asc(fieldMappings.id)),
    async findById(id: string): Promise<FieldMappingRow | undefined> {
      const [row] = await db.select().from(fieldMappings).where(eq(fieldMappings.id, id)).limit(1);
      return row;
    },
    async findByGuid(guid: string): Promise<FieldMappingRow | undefined> {
      const [row] = await db.select().from(fieldMappings).where(eq(fieldMappings.arenaFieldGuid, guid)).limit(1);
      return row;
    },
    async insert(values: typeof fieldMappings.$inferInsert): Promise<FieldMappingRow> {
      const [row] = await db.insert(fieldMappings).values(values).returning();
      return row!;
    },
    async update(id: string, values: FieldMappingValues): Promise<FieldMappingRow | undefined> {
      const [row] = await db.update(fieldMappings).set(values).where(eq(fieldMappings.id, id)).returning();
      return row;
    },
    async remove(id: string): Promise<FieldMappingRow | undefined> {
      const [row] = await db.delete(fieldMappings).where(eq(fieldMappings.id, id)).returning();
      return row;
    },
  };
}
export type FieldMappingRepo = ReturnType<typeof createFieldMappingRepo>;
