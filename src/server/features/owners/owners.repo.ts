import { and, asc, eq, sql } from 'drizzle-orm';
import type { Owner } from '#shared/contract/owners';
import type { Db, Queryable } from '../../db/client.ts';
import { submissions, users } from '../../db/schema/index.ts';

/** The owner queries: who can own, and the guarded change of a submission's owner. */
export function createOwnersRepo(db: Db) {
  return {
    /** Every user who may own a submission: not restricted, by name. */
    owners: (): Promise<Owner[]> => db.select({ id: users.id, name: users.name }).from(users).where(eq(users.isRestricted, false)).orderBy(asc(users.name), asc(users.id)),
    async user(id: string, q: Queryable = db): Promise<{ id: string; name: string; email: string; isRestricted: boolean } | undefined> {
      const [row] = await q.select({ id: users.id, name: users.name, email: users.email, isRestricted: users.isRestricted }).from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    /**
     * Sets the owner only while it is still `from` (the value the change was decided on) and differs
     * from `to`: of concurrent identical requests one changes the row; the others find it done.
     */
    async setOwner(tx: Queryable, id: string, from: string | null, to: string | null, at: Date): Promise<boolean> {
      const rows = await tx
        .update(submissions)
        .set({ ownerId: to, modifiedAt: at })
        .where(and(eq(submissions.id, id), sql`${submissions.ownerId} is not distinct from ${from}`, sql`${submissions.ownerId} is distinct from ${to}`))
        .returning({ id: submissions.id });
      return rows.length > 0;
    },
  };
}
export type OwnersRepo = ReturnType<typeof createOwnersRepo>;
