import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { refreshTokens, sessions, users } from '../../db/schema/index.ts';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** Which sessions of a user to end: all live ones, one, or all but one (the caller's own). */
export type SessionSelector = { userId: string; only?: string; except?: string };

export function createAuthRepo(db: Db) {
  // Runs on every authenticated request: one primary-key lookup of the session joined to its
  // user by primary key, planned once per connection (a named statement).
  const sessionUser = db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      permissions: users.permissions,
      isRestricted: users.isRestricted,
      revokedAt: sessions.revokedAt,
      lastSeenAt: sessions.lastSeenAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_user');

  /** Live: not ended, used within the idle limit, refresh token not expired. */
  const live = (now: Date, idleSince: Date) => and(isNull(sessions.revokedAt), gt(sessions.lastSeenAt, idleSince), gt(sessions.expiresAt, now));

  return {
    async sessionUser(id: string) {
      const [row] = await sessionUser.execute({ id });
      return row;
    },
    async insertSession(values: typeof sessions.$inferInsert, q: Queryable = db): Promise<void> {
      await q.insert(sessions).values(values);
    },
    async findSession(id: string): Promise<SessionRow | undefined> {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      return row;
    },
    /** Notes a request; skipped when one was noted since `since` (so at most one write a minute). */
    async touchSession(id: string, at: Date, since: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: at }).where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, since)));
    },
    async extendSession(id: string, at: Date, expiresAt: Date, q: Queryable = db): Promise<void> {
      await q.update(sessions).set({ lastSeenAt: at, expiresAt }).where(eq(sessions.id, id));
    },
    async liveSessions(userId: string, now: Date, idleSince: Date): Promise<SessionRow[]> {
      return db.select().from(sessions).where(and(eq(sessions.userId, userId), live(now, idleSince))).orderBy(desc(sessions.lastSeenAt));
    },
    /** Ends the selected live sessions (any not yet ended when `idleSince` is null); returns the ids ended. */
    async endSessions(which: SessionSelector, reason: string, now: Date, idleSince: Date | null, q: Queryable = db): Promise<string[]> {
      const rows = await q
        .update(sessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(
          and(
            eq(sessions.userId, which.userId),
            idleSince ? live(now, idleSince) : isNull(sessions.revokedAt),
            which.only ? eq(sessions.id, which.only) : undefined,
            which.except ? ne(sessions.id, which.except) : undefined,
          ),
        )
        .returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },
    async insertRefresh(values: typeof refreshTokens.$inferInsert, q: Queryable = db): Promise<void> {
      await q.insert(refreshTokens).values(values);
    },
    async findRefresh(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
      return row;
    },
    /**
     * Replaces a password hash only if it is still the one the current password was checked
     * against: of concurrent changes proven by the same password, exactly one is made.
     */
    async replacePasswordHash(q: Queryable, userId: string, checkedHash: string, passwordHash: string, now: Date): Promise<boolean> {
      const rows = await q
        .update(users)
        .set({ passwordHash, passwordGenerated: false, updatedAt: now })
        .where(and(eq(users.id, userId), eq(users.passwordHash, checkedHash)))
        .returning({ id: users.id });
      return rows.length === 1;
    },
    /** Marks a token used, keeping the time of its first use. */
    async markUsed(id: string, at: Date): Promise<void> {
      await db.update(refreshTokens).set({ usedAt: at }).where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)));
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
