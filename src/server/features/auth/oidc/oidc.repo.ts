import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { ssoCodes, userIdentities } from '../../../db/schema/index.ts';
import type { Queryable } from '../../../db/unit-of-work.ts';

export type SsoCodeRow = typeof ssoCodes.$inferSelect;

export function createOidcRepo(db: Db) {
  return {
    async userOf(issuer: string, subject: string): Promise<string | undefined> {
      const [row] = await db.select({ userId: userIdentities.userId }).from(userIdentities).where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject))).limit(1);
      return row?.userId;
    },
    async link(tx: Queryable, values: typeof userIdentities.$inferInsert): Promise<void> {
      await tx.insert(userIdentities).values(values).onConflictDoNothing();
    },
    /** Stores a new code; codes past their minute are dropped meanwhile. */
    async insertCode(values: typeof ssoCodes.$inferInsert, now: Date): Promise<void> {
      await db.delete(ssoCodes).where(lt(ssoCodes.expiresAt, now));
      await db.insert(ssoCodes).values(values);
    },
    /** Uses a code once: its row, or undefined when unknown or already used. */
    async useCode(id: string, now: Date): Promise<SsoCodeRow | undefined> {
      const [row] = await db.update(ssoCodes).set({ usedAt: now }).where(and(eq(ssoCodes.id, id), isNull(ssoCodes.usedAt))).returning();
      return row;
    },
  };
}
export type OidcRepo = ReturnType<typeof createOidcRepo>;
