import { randomUUID } from 'node:crypto';
import { type SQL, and, desc, eq, inArray, isNull, lte, lt, or, sql } from 'drizzle-orm';
import type { MailKind, MailMessage, MailStatus } from '#shared/contract/mail';
import type { Db, Queryable } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMail = Pick<MailRow, 'to' | 'subject' | 'text'> & Partial<Pick<MailRow, 'kind' | 'html' | 'submissionId' | 'resendOf' | 'createdBy'>> & { status: 'queued' | 'stored' };

export function toMailMessage(r: MailRow): MailMessage {
  return {
    id: r.id,
    kind: r.kind,
    to: r.to,
    subject: r.subject,
    submissionId: r.submissionId,
    status: r.status,
    error: r.error,
    attempts: r.attempts,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy,
    nextAttemptAt: r.status === 'queued' ? r.nextAttemptAt.toISOString() : null,
    sentAt: r.sentAt?.toISOString() ?? null,
    resendOf: r.resendOf,
  };
}

/** The outbox's queries. Claims and outcomes are guarded UPDATEs, so instances never share a message. */
export function createMailRepo(db: Db) {
  /** Writes the outcome only while the claim taken at `lockedUntil` is still this worker's. */
  async function whileClaimed(id: string, lockedUntil: Date, values: Partial<MailRow>): Promise<boolean> {
    const rows = await db
      .update(mailOutbox)
      .set({ ...values, lockedUntil: null })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.lockedUntil, lockedUntil)))
      .returning({ id: mailOutbox.id });
    return rows.length > 0;
  }

  return {
    /**
     * Queues a submission's notification unless one exists: of repeated or concurrent calls one
     * inserts, the others get the row already there (`created` false).
     */
    async queueNotice(tx: Queryable, mail: NewMail & { submissionId: string }, at: Date): Promise<{ row: MailRow; created: boolean }> {
      const [inserted] = await tx
        .insert(mailOutbox)
        .values({ ...mail, kind: 'delivered', id: randomUUID(), createdAt: at, nextAttemptAt: at })
        .onConflictDoNothing({ target: mailOutbox.submissionId, where: sql`${mailOutbox.kind} = 'delivered' and ${mailOutbox.resendOf} is null and ${mailOutbox.submissionId} is not null` })
        .returning();
      if (inserted) return { row: inserted, created: true };
      const [existing] = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.submissionId, mail.submissionId), eq(mailOutbox.kind, 'delivered'), isNull(mailOutbox.resendOf)))
        .limit(1);
      return { row: existing!, created: false };
    },
    /**
     * Queues a message unless one with its `dedupeKey` exists (an assignment, a day's digest to one
     * recipient): of repeated or concurrent calls one inserts; the others get the row already there.
     */
    async queueOnce(tx: Queryable, mail: NewMail & { kind: MailKind; dedupeKey: string }, at: Date): Promise<{ row: MailRow; created: boolean }> {
      const [inserted] = await tx
        .insert(mailOutbox)
        .values({ ...mail, id: randomUUID(), createdAt: at, nextAttemptAt: at })
        .onConflictDoNothing({ target: mailOutbox.dedupeKey })
        .returning();
      if (inserted) return { row: inserted, created: true };
      const [existing] = await tx.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, mail.dedupeKey)).limit(1);
      return { row: existing!, created: false };
    },
    /** The messages whose once-only key starts with `prefix` (a day's digests), oldest first. */
    byKeyPrefix: (prefix: string): Promise<MailRow[]> =>
      db.select().from(mailOutbox).where(sql`${mailOutbox.dedupeKey} like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`).orderBy(mailOutbox.createdAt, mailOutbox.id),
    /** The message, locked until the change's transaction ends. */
    async lock(tx: Queryable, id: string): Promise<MailRow | undefined> {
      const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update');
      return row;
    },
    /** A resend of `resendOf` to exactly `to` that is still waiting in `status` and was never attempted. */
    async waitingResend(tx: Queryable, resendOf: string, to: string[], status: 'queued' | 'stored'): Promise<MailRow | undefined> {
      const [row] = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.resendOf, resendOf), eq(mailOutbox.status, status), eq(mailOutbox.attempts, 0), eq(mailOutbox.to, to)))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1);
      return row;
    },
    async insert(tx: Queryable, mail: NewMail, at: Date): Promise<MailRow> {
      const [row] = await tx.insert(mailOutbox).values({ ...mail, id: randomUUID(), createdAt: at, nextAttemptAt: at }).returning();
      return row!;
    },
    async findById(id: string): Promise<MailRow | undefined> {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      return row;
    },
    async page(f: { status?: MailStatus | undefined; kind?: MailKind | undefined; submissionId?: string | undefined }, offset: number, limit: number): Promise<{ rows: MailRow[]; total: number }> {
      const where: SQL | undefined = and(
        f.status ? eq(mailOutbox.status, f.status) : undefined,
        f.kind ? eq(mailOutbox.kind, f.kind) : undefined,
        f.submissionId ? eq(mailOutbox.submissionId, f.submissionId) : undefined,
      );
      const [rows, [count]] = await Promise.all([
        db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(mailOutbox).where(where),
      ]);
      return { rows, total: count?.n ?? 0 };
    },
    /** A submission's delivered notices (its first and the resends). */
    forSubmission: (submissionId: string): Promise<MailRow[]> =>
      db.select().from(mailOutbox).where(and(eq(mailOutbox.submissionId, submissionId), eq(mailOutbox.kind, 'delivered'))).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)),

    /**
     * Claims up to `limit` due messages for one worker until `lockedUntil` and counts the attempt.
     * SKIP LOCKED: concurrent workers on other instances take other rows, never the same one; a
     * claim whose worker died expires and the message is due again.
     */
    async claimDue(now: Date, lockedUntil: Date, limit: number): Promise<MailRow[]> {
      const due = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, now), or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, now))))
        .orderBy(mailOutbox.nextAttemptAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(mailOutbox)
        .set({ lockedUntil, attempts: sql`${mailOutbox.attempts} + 1` })
        .where(inArray(mailOutbox.id, due))
        .returning();
    },
    sent: (id: string, lockedUntil: Date, at: Date) => whileClaimed(id, lockedUntil, { status: 'sent', sentAt: at, lastAttemptAt: at, error: null }),
    retryLater: (id: string, lockedUntil: Date, error: string, at: Date, next: Date) => whileClaimed(id, lockedUntil, { error, lastAttemptAt: at, nextAttemptAt: next }),
    failed: (id: string, lockedUntil: Date, error: string, at: Date) => whileClaimed(id, lockedUntil, { status: 'failed', error, lastAttemptAt: at }),

    /** The queue as the Integrations view shows it: waiting and given-up counts, and the newest delivery error. */
    async summary(): Promise<{ queued: number; failed: number; lastError: string | null; lastErrorAt: Date | null }> {
      const [counts] = await db
        .select({
          queued: sql<number>`count(*) filter (where ${mailOutbox.status} = 'queued')`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')`.mapWith(Number),
        })
        .from(mailOutbox)
        .where(inArray(mailOutbox.status, ['queued', 'failed']));
      const [last] = await db
        .select({ error: mailOutbox.error, at: mailOutbox.lastAttemptAt })
        .from(mailOutbox)
        .where(and(sql`${mailOutbox.error} is not null`, sql`${mailOutbox.lastAttemptAt} is not null`))
        .orderBy(desc(mailOutbox.lastAttemptAt))
        .limit(1);
      return { queued: counts?.queued ?? 0, failed: counts?.failed ?? 0, lastError: last?.error ?? null, lastErrorAt: last?.at ?? null };
    },
  };
}
export type MailRepo = ReturnType<typeof createMailRepo>;
