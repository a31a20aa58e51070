import { type SQL, and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { User } from '#shared/contract/users';
import type { USER_SORT_FIELDS } from '#shared/contract/users';
import type { Db, Queryable } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    permissions: row.permissions,
    isRestricted: row.isRestricted,
    lastLogin: row.lastLogin?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const SORT_COLUMNS = {
  _id: [users.createdAt],
  name: [users.name],
  email: [users.email],
  role: [users.role],
  isRestricted: [users.isRestricted],
  lastLogin: [users.lastLogin],
} satisfies Record<(typeof USER_SORT_FIELDS)[number], unknown[]>;

export function createUsersRepo(db: Db) {
  // Every authenticated request loads its user: built once, and planned once per PostgreSQL
  // connection (a named statement): ~0.5 → ~0.2 ms a lookup, measured at 100k submissions.
  const byId = db.select().from(users).where(eq(users.id, sql.placeholder('id'))).limit(1).prepare('users_by_id');
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await byId.execute({ id });
      return row;
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
      return row;
    },
    /** The user's row, locked until the change's transaction ends: the change is decided on it. */
    async lock(tx: Queryable, id: string): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      return row;
    },
    async insert(tx: Queryable, values: NewUserRow): Promise<UserRow> {
      const [row] = await tx.insert(users).values(values).returning();
      return row!;
    },
    /** Inserts unless the e-mail has an account already (one made at the same moment included): the row, or undefined. */
    async insertNew(tx: Queryable, values: NewUserRow): Promise<UserRow | undefined> {
      const [row] = await tx.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
      return row;
    },
    /** On the change's transaction `tx`; without one (a sign-in's last-login time) on the database itself. */
    async update(id: string, values: Partial<NewUserRow>, tx: Queryable = db): Promise<UserRow | undefined> {
      const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
      return row;
    },
    /** The addresses of admins and super admins who may sign in, for what only they are told. */
    async adminEmails(): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(and(inArray(users.role, ['admin', 'super_admin']), eq(users.isRestricted, false)))
        .orderBy(asc(users.email));
      return rows.map((r) => r.email);
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    },
    async list(opts: { offset: number; limit: number; field: keyof typeof SORT_COLUMNS; order: 'asc' | 'desc' }): Promise<UserRow[]> {
      const dir = opts.order === 'asc' ? asc : desc;
      const orderBy: SQL[] = SORT_COLUMNS[opts.field].map((c) => (opts.field === 'lastLogin' ? sql`${c} ${sql.raw(opts.order)} nulls last` : dir(c)));
      // The id breaks ties, so pages never overlap or skip rows.
      orderBy.push(dir(users.id));
      return db.select().from(users).orderBy(...orderBy).limit(opts.limit).offset(opts.offset);
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
