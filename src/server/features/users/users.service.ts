import { randomUUID } from 'node:crypto';
import type { Page } from '#shared/contract/common';
import type { User } from '#shared/contract/users';
import type { ListUsersQuery, CreateUserBody, UpdateUserBody } from '#shared/contract/users';
import type { Role } from '#shared/roles';
import type { z } from 'zod';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AuditActor } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { type PasswordCost, hashPassword, verifyPassword } from '../../lib/password.ts';
import { assertStrongPassword } from '../../lib/password-strength.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import { type UserRow, type UsersRepo, toUser } from './users.repo.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/** Who acts: the signed-in admin, with their role (peer protection) and address (audit). */
export type UsersActor = AuditActor & { role: Role };

/** Why the users feature ends someone's sessions. */
export type EndSessionsReason = 'password reset' | 'restricted' | 'signed out by admin';

export interface UsersDeps {
  repo: UsersRepo;
  uow: UnitOfWork;
  log: SystemLog;
  clock: Clock;
  /** Ends every session of a user, recorded with who and why; returns how many ended. */
  endSessions(user: UserRow, reason: EndSessionsReason, actor: AuditActor): Promise<number>;
  /** The user changed: this instance's cached sign-in checks of theirs are dropped at once (others hear of it from the database). */
  userChanged(userId: string): void;
  /** Whether the organisation's identity provider gives the user's role (docs/features/single-sign-on.md): it cannot change here. */
  roleFromProvider?: (user: UserRow) => Promise<boolean>;
  /** argon2id's cost for the hashes made here (PASSWORD_COST unless given: tests give a lower one). */
  passwordCost?: PasswordCost | undefined;
}

/** Changes that would let one admin take over or demote another: e-mail, password, role, permissions. */
function guardedChanges(body: z.output<typeof UpdateUserBody>, before: UserRow): string[] {
  const changed: string[] = [];
  if (body.email !== undefined && body.email !== before.email) changed.push('email');
  if (body.password !== undefined) changed.push('password');
  if (body.role !== undefined && body.role !== before.role) changed.push('role');
  if (body.permissions !== undefined && JSON.stringify(body.permissions) !== JSON.stringify(before.permissions)) changed.push('permissions');
  return changed;
}

const ROLE_FROM_PROVIDER = "This user's role comes from your organisation's sign-in service. Change it there.";

/** A unique index on the e-mail settles what a look-up before it cannot: two requests for one address. */
async function uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict('A user with this email already exists.');
    throw err;
  }
}

export function createUsersService({ repo, uow, log, clock, endSessions, userChanged, roleFromProvider, passwordCost }: UsersDeps) {
  async function mustFind(id: string): Promise<UserRow> {
    const row = await repo.findById(id);
    if (!row) throw new NotFound('User not found.');
    return row;
  }
  function refuseSuperAdmin(row: UserRow, what: string): void {
    if (row.role === 'super_admin') throw new Forbidden(`A super_admin cannot be ${what}.`);
  }
  /** Admins manage staff and members; another admin's credentials, role and access are a super_admin's to change. */
  function refusePeer(actor: UsersActor, row: UserRow, what: string): void {
    if (row.role === 'admin' && actor.role !== 'super_admin' && actor.id !== row.id) {
      throw new Forbidden(`Only a super_admin can ${what} another admin.`);
    }
  }

  return {
    async create(actor: AuditActor, body: z.output<typeof CreateUserBody>): Promise<User> {
      if (await repo.findByEmail(body.email)) throw new Conflict('A user with this email already exists.');
      await assertStrongPassword(body.password, [body.name, body.email], 'password');
      const now = clock.now();
      const passwordHash = await hashPassword(body.password, passwordCost);
      const user = await uow(async ({ tx, audit }) => {
        const row = await uniqueEmail(() =>
          repo.insert(tx, { id: randomUUID(), name: body.name, email: body.email, role: body.role, permissions: body.permissions ?? [], passwordHash, createdAt: now, updatedAt: now }),
        );
        const created = toUser(row);
        await audit({ actor, entity: 'user', entityId: created.id, action: 'create', after: created });
        return created;
      });
      await log.success('Users', `User ${user.email} (${user.role}) created by ${actor.email}`);
      return user;
    },

    async list(query: z.output<typeof ListUsersQuery>): Promise<Page<User>> {
      const { page, limit, sortBy } = query;
      const [rows, total] = await Promise.all([
        repo.list({ offset: (page - 1) * limit, limit, field: sortBy.field, order: sortBy.order }),
        repo.count(),
      ]);
      return { results: rows.map(toUser), page, limit, totalPages: Math.ceil(total / limit), totalResults: total };
    },

    async get(id: string): Promise<User> {
      return toUser(await mustFind(id));
    },

    /**
     * Decided on the locked row: a request that finds its change already made (the same fields, the
     * same password) changes nothing, writes no audit entry and returns the user as they are.
     */
    async update(actor: UsersActor, id: string, body: z.output<typeof UpdateUserBody>): Promise<User> {
      const { password, ...fields } = body;
      // Hashed before the row is locked: the hash is the slow part.
      const passwordHash = password ? await hashPassword(password, passwordCost) : undefined;
      const outcome = await uow(async ({ tx, audit }) => {
        const before = await repo.lock(tx, id);
        if (!before) throw new NotFound('User not found.');
        refuseSuperAdmin(before, 'edited');
        const guarded = guardedChanges(body, before);
        if (guarded.length > 0) refusePeer(actor, before, `change the ${guarded.join(' or ')} of`);
        if (guarded.includes('role') && (await roleFromProvider?.(before))) throw new Conflict(ROLE_FROM_PROVIDER);
        // Without the current password a stolen session could take the account over for good.
        if (password && id === actor.id) throw new Forbidden('Change your own password on My account, which asks for the current one.');
        if (password) await assertStrongPassword(password, [fields.name ?? before.name, fields.email ?? before.email], 'password');
        const newPassword = password !== undefined && passwordHash !== undefined && !(await verifyPassword(before.passwordHash, password));
        const changed = Object.entries(fields).filter(([k, v]) => v !== undefined && JSON.stringify(v) !== JSON.stringify(before[k as keyof typeof fields]));
        if (changed.length === 0 && !newPassword) return { row: before, newPassword, changed: false };
        const row = await uniqueEmail(() => repo.update(id, { ...Object.fromEntries(changed), ...(newPassword ? { passwordHash } : {}), updatedAt: clock.now() }, tx));
        if (!row) throw new NotFound('User not found.');
        await audit({ actor, entity: 'user', entityId: id, action: newPassword ? 'update (password changed)' : 'update', before: toUser(before), after: toUser(row) });
        return { row, newPassword, changed: true };
      });
      const { row, newPassword } = outcome;
      if (!outcome.changed) return toUser(row);
      userChanged(row.id);
      if (newPassword) await endSessions(row, 'password reset', actor);
      await log.success('Users', `User ${row.email} updated by ${actor.email}${newPassword ? `, password reset${actor.address ? ` from ${actor.address}` : ''}` : ''}`);
      return toUser(row);
    },

    /** Decided on the locked row: restricting a restricted user (or restoring a restored one) changes nothing and is not audited. */
    async setRestricted(actor: UsersActor, id: string, isRestricted: boolean): Promise<void> {
      const outcome = await uow(async ({ tx, audit }) => {
        const before = await repo.lock(tx, id);
        if (!before) throw new NotFound('User not found.');
        refuseSuperAdmin(before, 'restricted');
        if (before.id === actor.id) throw new Forbidden('You cannot restrict your own account.');
        refusePeer(actor, before, 'restrict or restore');
        if (before.isRestricted === isRestricted) return { row: before, changed: false };
        const row = await repo.update(id, { isRestricted, updatedAt: clock.now() }, tx);
        if (!row) throw new NotFound('User not found.');
        await audit({ actor, entity: 'user', entityId: id, action: isRestricted ? 'restrict' : 'unrestrict', before: { isRestricted: before.isRestricted }, after: { isRestricted } });
        return { row, changed: true };
      });
      const { row, changed } = outcome;
      if (changed) userChanged(row.id);
      // Lifting a restriction revives nothing: the sessions ended here stay ended.
      if (isRestricted) await endSessions(row, 'restricted', actor);
      if (changed) await log.success('Users', `User ${row.email} ${isRestricted ? 'restricted' : 'unrestricted'} by ${actor.email}`);
    },

    /** "Sign out everywhere": every session of the user ends on its next request. */
    async signOutEverywhere(actor: UsersActor, id: string): Promise<void> {
      const row = await mustFind(id);
      refuseSuperAdmin(row, 'signed out by others');
      if (row.id === actor.id) throw new Forbidden('Sign out your own other sessions on My account.');
      refusePeer(actor, row, 'sign out');
      await endSessions(row, 'signed out by admin', actor);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
