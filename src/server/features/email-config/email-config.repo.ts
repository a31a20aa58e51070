import { asc, eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { emailConfigs } from '../../db/schema/index.ts';

export type EmailConfigRow = typeof emailConfigs.$inferSelect;

export function createEmailConfigRepo(db: Db) {
  return {
    list: (): Promise<EmailConfigRow[]> => db.select().from(emailConfigs).orderBy(asc(emailConfigs.createdAt), asc(emailConfigs.id)),
    async findByEmail(email: string): Promise<EmailConfigRow | undefined> {
      const [row] = await db.select().from(emailConfigs).where(eq(emailConfigs.email, email)).limit(1);
      return row;
    },
    /** The recipient, locked until the change's transaction ends: the change is decided on it. */
    async lock(tx: Queryable, id: string): Promise<EmailConfigRow | undefined> {
      const [row] = await tx.select().from(emailConfigs).where(eq(emailConfigs.id, id)).for('update');
      return row;
    },
    async insert(tx: Queryable, values: typeof emailConfigs.$inferInsert): Promise<EmailConfigRow> {
      const [row] = await tx.insert(emailConfigs).values(values).returning();
      return row!;
    },
    async update(tx: Queryable, id: string, values: Partial<typeof emailConfigs.$inferInsert>): Promise<EmailConfigRow | undefined> {
      const [row] = await tx.update(emailConfigs).set(values).where(eq(emailConfigs.id, id)).returning();
      return row;
    },
    async remove(tx: Queryable, id: string): Promise<EmailConfigRow | undefined> {
      const [row] = await tx.delete(emailConfigs).where(eq(emailConfigs.id, id)).returning();
      return row;
    },
    /** Addresses that receive the delivered notification. */
    async activeEmails(): Promise<string[]> {
      const rows = await db.select({ email: emailConfigs.email }).from(emailConfigs).where(eq(emailConfigs.active, true)).orderBy(asc(emailConfigs.email));
      return rows.map((r) => r.email);
    },
  };
}
export type EmailConfigRepo = ReturnType<typeof createEmailConfigRepo>;
