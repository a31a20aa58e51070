import { and, count, eq, gt, inArray, isNull, lt, not, like, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../../db/client.ts';
import { mfaChallenges, mfaRecoveryCodes, mfaTotp, sessions, userIdentities } from '../../../db/schema/index.ts';
import { type MfaSeal, unkeyedRecoveryHash } from './sealing.ts';

/** A user's factor as read: `secret` opened with the MFA key, `stored` as the row holds it. */
export type TotpRow = typeof mfaTotp.$inferSelect & { stored: string };
export type ChallengeRow = typeof mfaChallenges.$inferSelect;

/**
 * The second factor's tables. Seeds are sealed and recovery codes hashed with the MFA key here
 * (sealing.ts): nothing outside this repository sees a seed as stored or a code's hash.
 */
export function createMfaRepo(db: Db, seal: MfaSeal) {
  const opened = (row: typeof mfaTotp.$inferSelect | undefined): TotpRow | undefined => row && { ...row, secret: seal.open(row.userId, row.secret), stored: row.secret };
  return {
    async totp(userId: string): Promise<TotpRow | undefined> {
      const [row] = await db.select().from(mfaTotp).where(eq(mfaTotp.userId, userId)).limit(1);
      return opened(row);
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
        .values({ userId, secret: seal.seal(userId, secret), createdAt: now })
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
      return rows[0] ? seal.open(userId, rows[0].secret) : null;
    },
    /** The user's factor, locked until the transaction ends. */
    async lockTotp(tx: Queryable, userId: string): Promise<TotpRow | undefined> {
      const [row] = await tx.select().from(mfaTotp).where(eq(mfaTotp.userId, userId)).for('update');
      return opened(row);
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
    /** Turns the waiting secret on (`stored`, as read); false when it was already on or is gone. */
    async enable(tx: Queryable, userId: string, stored: string, now: Date): Promise<boolean> {
      const rows = await tx
        .update(mfaTotp)
        .set({ enabledAt: now })
        .where(and(eq(mfaTotp.userId, userId), eq(mfaTotp.secret, stored), isNull(mfaTotp.enabledAt)))
        .returning({ userId: mfaTotp.userId });
      return rows.length === 1;
    },
    async replaceRecoveryCodes(tx: Queryable, userId: string, codes: { id: string; code: string }[]): Promise<void> {
      await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      await tx.insert(mfaRecoveryCodes).values(codes.map((c) => ({ id: c.id, userId, codeHash: seal.recoveryHash(c.code) })));
    },
    /**
     * Uses a recovery code once: false when it is unknown or was used. A code still stored unkeyed
     * (by an earlier release, until the next start rehashes it) is found too.
     */
    async useRecoveryCode(tx: Queryable, userId: string, code: string, now: Date): Promise<boolean> {
      const rows = await tx
        .update(mfaRecoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(mfaRecoveryCodes.userId, userId), inArray(mfaRecoveryCodes.codeHash, [seal.recoveryHash(code), unkeyedRecoveryHash(code)]), isNull(mfaRecoveryCodes.usedAt)))
        .returning({ id: mfaRecoveryCodes.id });
      return rows.length === 1;
    },
    async recoveryCodesLeft(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(mfaRecoveryCodes).where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },
    /** Removes the second factor and its recovery codes; returns whether one was there. */
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
    /** Gives a claimed challenge back after a wrong code (counted) or a refusal before the check; returns the failures so far. */
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
    /** What decides whether a session may do more than set up its second factor, in one query: how it signed in, and whether the factor is on. */
    async enrolment(userId: string, sessionId: string): Promise<{ method: string | null; enabled: boolean }> {
      const { rows: [row] } = await db.execute<{ method: string | null; enabled: boolean }>(sql`
        select (select ${sessions.method} from ${sessions} where ${sessions.id} = ${sessionId}) as method,
               exists (select 1 from ${mfaTotp} where ${mfaTotp.userId} = ${userId} and ${mfaTotp.enabledAt} is not null) as enabled`);
      return { method: row?.method ?? null, enabled: !!row?.enabled };
    },
    /** When the session last proved itself at the identity provider, or null. */
    async providerProvedAt(sessionId: string): Promise<Date | null> {
      const [row] = await db.select({ at: sessions.providerAt }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
      return row?.at ?? null;
    },
    /** The session that confirmed the set-up proved the app's code: it counts as signed in with it. */
    async provedWithApp(tx: Queryable, sessionId: string): Promise<void> {
      await tx.update(sessions).set({ method: 'password+totp' }).where(and(eq(sessions.id, sessionId), eq(sessions.method, 'password')));
    },
    /**
     * Seeds stored in the clear and recovery codes hashed without the key (by an earlier release)
     * rewritten with the MFA key; run at every start. Each row is rewritten only if it still holds
     * what was read, so an instance still running the earlier release loses nothing. Returns how
     * many rows changed.
     */
    async sealStored(): Promise<number> {
      let changed = 0;
      const seeds = await db.select({ userId: mfaTotp.userId, secret: mfaTotp.secret }).from(mfaTotp).where(not(like(mfaTotp.secret, 's1.%')));
      for (const r of seeds) {
        const rows = await db.update(mfaTotp).set({ secret: seal.seal(r.userId, r.secret) }).where(and(eq(mfaTotp.userId, r.userId), eq(mfaTotp.secret, r.secret))).returning({ userId: mfaTotp.userId });
        changed += rows.length;
      }
      const codes = await db.select({ id: mfaRecoveryCodes.id, codeHash: mfaRecoveryCodes.codeHash }).from(mfaRecoveryCodes).where(not(like(mfaRecoveryCodes.codeHash, 'k1.%')));
      for (const r of codes) {
        const rows = await db.update(mfaRecoveryCodes).set({ codeHash: seal.rekeyed(r.codeHash) }).where(and(eq(mfaRecoveryCodes.id, r.id), eq(mfaRecoveryCodes.codeHash, r.codeHash))).returning({ id: mfaRecoveryCodes.id });
        changed += rows.length;
      }
      return changed;
    },
    async pruneChallenges(now: Date): Promise<void> {
      await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, now));
    },
  };
}
export type MfaRepo = ReturnType<typeof createMfaRepo>;
