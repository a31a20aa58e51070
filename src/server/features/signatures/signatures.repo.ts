import { and, asc, desc, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { SignedKind, SigningMethod } from '#shared/contract/signatures';
import type { Db, Queryable } from '../../db/client.ts';
import { auditEvents, signatures, signingTokens, users } from '../../db/schema/index.ts';

export type SignatureRow = typeof signatures.$inferSelect;
type NewSignature = typeof signatures.$inferInsert;
type NewToken = typeof signingTokens.$inferInsert;

/** The signature store and the signing tokens: queries only. */
export function createSignaturesRepo(db: Db) {
  return {
    async insert(tx: Queryable, row: NewSignature): Promise<SignatureRow> {
      const [inserted] = await tx.insert(signatures).values(row).returning();
      return inserted!;
    },
    /** A complaint's signatures, newest first; of one kind when given. */
    list: (submissionId: string, q: Queryable = db, kind?: SignedKind): Promise<SignatureRow[]> =>
      q
        .select()
        .from(signatures)
        .where(and(eq(signatures.submissionId, submissionId), kind ? eq(signatures.kind, kind) : undefined))
        .orderBy(desc(signatures.signedAt), desc(signatures.id)),
    /** The first audit entry on the complaint after `after` whose action is one of `actions`, with the actor's name as it is now. */
    async firstChange(submissionId: string, after: Date, actions: readonly string[], q: Queryable = db): Promise<{ at: Date; by: string | null } | undefined> {
      const e = auditEvents;
      const [row] = await q
        .select({ at: e.at, email: e.actorEmail, name: users.name })
        .from(e)
        .leftJoin(users, eq(users.id, e.actorId))
        .where(and(eq(e.entity, 'submission'), eq(e.entityId, submissionId), gt(e.at, after), inArray(e.action, [...actions])))
        .orderBy(asc(e.at), asc(e.id))
        .limit(1);
      return row && { at: row.at, by: row.name ?? row.email };
    },
    insertToken: async (row: NewToken): Promise<void> => {
      await db.insert(signingTokens).values(row);
    },
    /** Drops tokens that ended long enough ago to matter to no one. */
    pruneTokens: async (before: Date): Promise<void> => {
      await db.delete(signingTokens).where(lt(signingTokens.expiresAt, before));
    },
    /**
     * Uses the token for one signature, in the signed change's transaction: only the owner's
     * session, before it expires, once. Answers the method it proved, or undefined.
     */
    async useToken(tx: Queryable, id: string, owner: { userId: string; sessionId: string }, now: Date): Promise<SigningMethod | undefined> {
      const t = signingTokens;
      const [row] = await tx
        .update(t)
        .set({ usedAt: now })
        .where(and(eq(t.id, id), eq(t.userId, owner.userId), eq(t.sessionId, owner.sessionId), isNull(t.usedAt), gt(t.expiresAt, now)))
        .returning({ method: t.method });
      return row?.method;
    },
    /** A token as stored, to say why it cannot be used. */
    async token(id: string, q: Queryable = db) {
      const [row] = await q.select().from(signingTokens).where(eq(signingTokens.id, id)).limit(1);
      return row;
    },
  };
}
export type SignaturesRepo = ReturnType<typeof createSignaturesRepo>;
