import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginFailures, refreshTokens } from '../../db/schema/index.ts';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export function createAuthRepo(db: Db) {
  return {
    async insertRefresh(values: typeof refreshTokens.$inferInsert): Promise<void> {
      await db.insert(refreshTokens).values(values);
    },
    async findRefresh(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
      return row;
    },
    /** Marks a token used; false when another request used it first (so it is a reuse). */
    async markUsed(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: at })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },
    async revokeFamily(familyId: string, at: Date): Promise<void> {
      await db.update(refreshTokens).set({ revokedAt: at }).where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },
    async failures(email: string): Promise<{ failures: number; lastFailedAt: Date } | undefined> {
      const [row] = await db.select().from(loginFailures).where(eq(loginFailures.email, email)).limit(1);
      return row;
    },
    /** Counts a failure; a failure after a quiet window starts the count again. Old rows are pruned. */
    async recordFailure(email: string, at: Date, windowMs: number): Promise<void> {
      const windowStart = new Date(at.getTime() - windowMs);
      await db
        .insert(loginFailures)
        .values({ email, failures: 1, lastFailedAt: at })
        .onConflictDoUpdate({
          target: loginFailures.email,
          set: {
            failures: sql`case when ${loginFailures.lastFailedAt} < ${windowStart} then 1 else ${loginFailures.failures} + 1 end`,
            lastFailedAt: at,
          },
        });
      await db.delete(loginFailures).where(lt(loginFailures.lastFailedAt, windowStart));
    },
    async clearFailures(email: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.email, email));
    },
    async revokeUser(userId: string, at: Date): Promise<void> {
      await db.update(refreshTokens).set({ revokedAt: at }).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
