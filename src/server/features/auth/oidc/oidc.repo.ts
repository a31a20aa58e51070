import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db, Queryable } from '../../../db/client.ts';
import { sessions, ssoCodes, userIdentities } from '../../../db/schema/index.ts';

export type SsoCodeRow = typeof ssoCodes.$inferSelect;
export type IdentityRow = typeof userIdentities.$inferSelect;

export function createOidcRepo(db: Db) {
  return {
    async userOf(issuer: string, subject: string, q: Queryable = db): Promise<string | undefined> {
      const [row] = await q.select({ userId: userIdentities.userId }).from(userIdentities).where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject))).limit(1);
      return row?.userId;
    },
    /** The account's identity at the provider, or undefined when it is not linked. */
    async identityOf(userId: string): Promise<IdentityRow | undefined> {
      const [row] = await db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).limit(1);
      return row;
    },
    /** Links an identity; false when it is linked already (to this account or another). */
    async link(tx: Queryable, values: typeof userIdentities.$inferInsert): Promise<boolean> {
      const rows = await tx.insert(userIdentities).values(values).onConflictDoNothing().returning({ userId: userIdentities.userId });
      return rows.length === 1;
    },
    /** Removes the account's identities; returns the subjects removed. */
    async unlink(tx: Queryable, userId: string): Promise<string[]> {
      const rows = await tx.delete(userIdentities).where(eq(userIdentities.userId, userId)).returning({ subject: userIdentities.subject });
      return rows.map((r) => r.subject);
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
    /** Notes that a session proved itself at the provider just now. */
    async providerProved(tx: Queryable, sessionId: string, at: Date): Promise<void> {
      await tx.update(sessions).set({ providerAt: at }).where(eq(sessions.id, sessionId));
    },
  };
}
export type OidcRepo = ReturnType<typeof createOidcRepo>;
