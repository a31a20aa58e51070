import { randomUUID } from 'node:crypto';
import type { Page } from '#shared/contract/common';
import type { User } from '#shared/contract/users';
import type { ListUsersQuery, CreateUserBody, UpdateUserBody } from '#shared/contract/users';
import type { Role } from '#shared/roles';
import type { z } from 'zod';
import type { AuditActor, AuditTrail } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import { type UserRow, type UsersRepo, toUser } from './users.repo.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/** Who acts: the signed-in admin, with their role (peer protection) and address (audit). */
export type UsersActor = AuditActor & { role: Role };

/** Why the users feature ends someone's sessions. */
export type EndSessionsReason = 'password reset' | 'restricted' | 'signed out by admin';

export interface UsersDeps {
  repo: UsersRepo;
  audit: AuditTrail;
  log: SystemLog;
  clock: Clock;
  /** Ends every session of a user, recorded with who and why; answers how many ended. */
  endSessions(user: UserRow, reason: EndSessionsReason, actor: AuditActor): Promise<number>;
  /** The user changed: this instance's cached sign-in checks of theirs are dropped at once (others hear of it from the database). */
  userChanged(userId: string): void;
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

export function createUsersService({ repo, audit, log, clock, endSessions, userChanged }: UsersDeps) {
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
      const now = clock.now();
      let row: UserRow;
      try {
        row = await repo.insert({
          id: randomUUID(),
          name: body.name,
          email: body.email,
          role: body.role,
          permissions: body.permissions ?? [],
          passwordHash: await hashPassword(body.password),
          createdAt: now,
          updatedAt: now,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict('A user with this email already exists.');
        throw err;
      }
      const user = toUser(row);
      await audit.record({ actor, entity: 'user', entityId: user.id, action: 'create', after: user });
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

    async update(actor: UsersActor, id: string, body: z.output<typeof UpdateUserBody>): Promise<User> {
      const before = await mustFind(id);
      refuseSuperAdmin(before, 'edited');
      const guarded = guardedChanges(body, before);
      if (guarded.length > 0) refusePeer(actor, before, `change the ${guarded.join(' or ')} of`);
      // Without the current password a stolen session could take the account over for good.
      if (body.password && id === actor.id) throw new Forbidden('Change your own password on My account, which asks for the current one.');
      if (body.email && body.email !== before.email && (await repo.findByEmail(body.email))) {
        throw new Conflict('A user with this email already exists.');
      }
      const { password, ...fields } = body;
      let row: UserRow | undefined;
      try {
        row = await repo.update(id, {
          ...fields,
          ...(password ? { passwordHash: await hashPassword(password) } : {}),
          updatedAt: clock.now(),
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict('A user with this email already exists.');
        throw err;
      }
      if (!row) throw new NotFound('User not found.');
      userChanged(row.id);
      if (password) await endSessions(row, 'password reset', actor);
      const user = toUser(row);
      await audit.record({
        actor,
        entity: 'user',
        entityId: id,
        action: password ? 'update (password changed)' : 'update',
        before: toUser(before),
        after: user,
      });
      await log.success('Users', `User ${user.email} updated by ${actor.email}${password ? `, password reset${actor.address ? ` from ${actor.address}` : ''}` : ''}`);
      return user;
    },

    async setRestricted(actor: UsersActor, id: string, isRestricted: boolean): Promise<void> {
      const before = await mustFind(id);
      refuseSuperAdmin(before, 'restricted');
      if (before.id === actor.id) throw new Forbidden('You cannot restrict your own account.');
      refusePeer(actor, before, 'restrict or restore');
      const row = await repo.update(id, { isRestricted, updatedAt: clock.now() });
      if (!row) throw new NotFound('User not found.');
      userChanged(row.id);
      // Lifting a restriction revives nothing: the sessions ended here stay ended.
      if (isRestricted) await endSessions(row, 'restricted', actor);
      if (before.isRestricted !== isRestricted) {
        await audit.record({
          actor,
          entity: 'user',
          entityId: id,
          action: isRestricted ? 'restrict' : 'unrestrict',
          before: { isRestricted: before.isRestricted },
          after: { isRestricted },
        });
      }
      await log.success('Users', `User ${row.email} ${isRestricted ? 'restricted' : 'unrestricted'} by ${actor.email}`);
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
