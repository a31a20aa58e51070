import { randomUUID } from 'node:crypto';
import type { Page } from '#shared/contract/common';
import type { User } from '#shared/contract/users';
import type { ListUsersQuery, CreateUserBody, UpdateUserBody } from '#shared/contract/users';
import type { z } from 'zod';
import type { AuditActor, AuditTrail } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import { type UserRow, type UsersRepo, toUser } from './users.repo.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export interface UsersDeps {
  repo: UsersRepo;
  audit: AuditTrail;
  log: SystemLog;
  clock: Clock;
  /** Ends every session of a user (used when access is restricted). */
  revokeSessions(userId: string): Promise<void>;
}

export function createUsersService({ repo, audit, log, clock, revokeSessions }: UsersDeps) {
  async function mustFind(id: string): Promise<UserRow> {
    const row = await repo.findById(id);
    if (!row) throw new NotFound('User not found.');
    return row;
  }
  function refuseSuperAdmin(row: UserRow, what: string): void {
    if (row.role === 'super_admin') throw new Forbidden(`A super_admin cannot be ${what}.`);
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

    async update(actor: AuditActor, id: string, body: z.output<typeof UpdateUserBody>): Promise<User> {
      const before = await mustFind(id);
      refuseSuperAdmin(before, 'edited');
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
      if (password) await revokeSessions(id);
      const user = toUser(row);
      await audit.record({
        actor,
        entity: 'user',
        entityId: id,
        action: password ? 'update (password changed)' : 'update',
        before: toUser(before),
        after: user,
      });
      await log.success('Users', `User ${user.email} updated by ${actor.email}`);
      return user;
    },

    async setRestricted(actor: AuditActor, id: string, isRestricted: boolean): Promise<void> {
      const before = await mustFind(id);
      refuseSuperAdmin(before, 'restricted');
      if (before.id === actor.id) throw new Forbidden('You cannot restrict your own account.');
      const row = await repo.update(id, { isRestricted, updatedAt: clock.now() });
      if (!row) throw new NotFound('User not found.');
      if (isRestricted) await revokeSessions(id);
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
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
