import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { mfaChallenges, mfaRecoveryCodes, mfaTotp, sessions, userIdentities } from '../../../db/schema/index.ts';
import type { Queryable } from '../../../db/unit-of-work.ts';

export type TotpRow = typeof mfaTotp.$inferSelect;
export type ChallengeRow = typeof mfaChallenges.$inferSelect;

export function createMfaRepo(db: Db) {
  return {
    async totp(userId: string): Promise<TotpRow | undefined> {
      const [row] = await db.select().from(mfaTotp).where(eq(mfaTotp.userId, userId)).limit(1);
      return row;
    },
    /**
     * A new secret waiting for its first code; never replaces one in use. A set-up asked again
     * within `reuseMs` of the waiting one (the same request sent twice) keeps that one, so every
     * answer shows the secret kept. Answers it, or null when the factor is on.
     */
    async startTotp(userId: string, secret: string, now: Date, reuseMs: number): Promise<string | null> {
      const recent = sql`${mfaTotp.createdAt} > ${new Date(now.getTime() - reuseMs).toISOString()}::timestamptz`;
      const rows = await db
        .insert(mfaTotp)
        .values({ userId, secret, createdAt: now })
        .onConflictDoUpdate({
          target: mfaTotp.userId,
          set: {
            secret: sql`case when ${recent} then ${mfaTotp.secret} else excluded.secret end`,
            lastStep: sql`case when ${recent} then ${mfaTotp.lastStep} else null end`,
            createdAt: sql`case when ${recent} then ${mfaTotp.createdAt} else excluded.created_at end`,
          },
          setWhere: isNull(mfaTotp.enabledAt),
        })
        .returning({ secret: mfaTotp.secret });
      return rows[0]?.secret ?? null;
    },
    /** The user's factor, locked until the transaction ends. */
    async lockTotp(tx: Queryable, userId: string): Promise<TotpRow | undefined> {
      const [row] = await tx.select().from(mfaTotp).where(eq(mfaTotp.userId, userId)).for('update');
      return row;
    },
    /** Accepts a time step once: false when it (or a later one) was accepted before. */
    async acceptStep(userId: string, step: number, q: Queryable = db): Promise<boolean> {
      const rows = await q
        .update(mfaTotp)
        .set({ lastStep: step })
        .where(and(eq(mfaTotp.userId, userId), or(isNull(mfaTotp.lastStep), lt(mfaTotp.lastStep, step))))
        .returning({ userId: mfaTotp.userId });
      return rows.length === 1;
    },
    /** Turns the waiting secret on; false when it was already on or is gone. */
    async enable(tx: Queryable, userId: string, secret: string, now: Date): Promise<boolean> {
      const rows = await tx
        .update(mfaTotp)
        .set({ enabledAt: now })
        .where(and(eq(mfaTotp.userId, userId), eq(mfaTotp.secret, secret), isNull(mfaTotp.enabledAt)))
        .returning({ userId: mfaTotp.userId });
      return rows.length === 1;
    },
    async replaceRecoveryCodes(tx: Queryable, userId: string, codes: { id: string; codeHash: string }[]): Promise<void> {
      await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      await tx.insert(mfaRecoveryCodes).values(codes.map((c) => ({ ...c, userId })));
    },
    /** Uses a recovery code once: false when it is unknown or was used. */
    async useRecoveryCode(tx: Queryable, userId: string, codeHash: string, now: Date): Promise<boolean> {
      const rows = await tx
        .update(mfaRecoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, codeHash), isNull(mfaRecoveryCodes.usedAt)))
        .returning({ id: mfaRecoveryCodes.id });
      return rows.length === 1;
    },
    async recoveryCodesLeft(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(mfaRecoveryCodes).where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },
    /** Removes the second factor and its recovery codes; answers whether one was there. */
    async remove(tx: Queryable, userId: string): Promise<boolean> {
      await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      const rows = await tx.delete(mfaTotp).where(eq(mfaTotp.userId, userId)).returning({ enabledAt: mfaTotp.enabledAt });
      return rows.some((r) => r.enabledAt !== null);
    },
    async insertChallenge(values: typeof mfaChallenges.$inferInsert): Promise<void> {
      await db.insert(mfaChallenges).values(values);
    },
    /**
     * Takes a live challenge for one code check: false when it is used, expired, out of tries or
     * being checked by another request (the same code sent twice), which then finds the sign-in over.
     */
    async claimChallenge(id: string, now: Date, maxFailures: number): Promise<ChallengeRow | undefined> {
      const [row] = await db
        .update(mfaChallenges)
        .set({ usedAt: now })
        .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt), gt(mfaChallenges.expiresAt, now), lt(mfaChallenges.failures, maxFailures)))
        .returning();
      return row;
    },
    /** Gives a claimed challenge back after a wrong code (counted) or a refusal before the check; answers the failures so far. */
    async releaseChallenge(id: string, wrongCode: boolean): Promise<number> {
      const [row] = await db
        .update(mfaChallenges)
        .set({ usedAt: null, ...(wrongCode ? { failures: sql`${mfaChallenges.failures} + 1` } : {}) })
        .where(eq(mfaChallenges.id, id))
        .returning({ failures: mfaChallenges.failures });
      return row?.failures ?? 0;
    },
    /** Whether the user signs in through the identity provider (has an identity there). */
    async viaProvider(userId: string): Promise<boolean> {
      const [row] = await db.select({ userId: userIdentities.userId }).from(userIdentities).where(eq(userIdentities.userId, userId)).limit(1);
      return !!row;
    },
    /** What decides whether a session may do more than set up its second factor, in one query. */
    async enrolment(userId: string, sessionId: string): Promise<{ method: string | null; enabled: boolean; viaProvider: boolean }> {
      const { rows: [row] } = await db.execute<{ method: string | null; enabled: boolean; via_provider: boolean }>(sql`
        select (select ${sessions.method} from ${sessions} where ${sessions.id} = ${sessionId}) as method,
               exists (select 1 from ${mfaTotp} where ${mfaTotp.userId} = ${userId} and ${mfaTotp.enabledAt} is not null) as enabled,
               exists (select 1 from ${userIdentities} where ${userIdentities.userId} = ${userId}) as via_provider`);
      return { method: row?.method ?? null, enabled: !!row?.enabled, viaProvider: !!row?.via_provider };
    },
    async pruneChallenges(now: Date): Promise<void> {
      await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, now));
    },
  };
}
export type MfaRepo = ReturnType<typeof createMfaRepo>;
