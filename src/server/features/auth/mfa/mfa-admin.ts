import type { UserSignIn } from '#shared/contract/auth-mfa';
import type { UnitOfWork } from '../../../db/unit-of-work.ts';
import type { AuditActor } from '../../../lib/audit.ts';
import { Forbidden, NotFound } from '../../../lib/errors.ts';
import type { UserRow, UsersActor, UsersRepo } from '../../users/index.ts';
import type { MfaRepo } from './mfa.repo.ts';

export interface MfaAdminDeps {
  repo: MfaRepo;
  users: UsersRepo;
  uow: UnitOfWork;
  /** OIDC_ROLE_CLAIM is set: the provider gives the role of the accounts that sign in through it. */
  rolesFromProvider: boolean;
}

/** Whether the provider gives this account's role: it signs in there, roles come from there, and it is not a super_admin. */
export function roleFromProvider(user: Pick<UserRow, 'role'>, viaProvider: boolean, rolesFromProvider: boolean): boolean {
  return rolesFromProvider && viaProvider && user.role !== 'super_admin';
}

/**
 * What administrators see and do about how a user signs in: the Users page's view of it, and the
 * reset of a lost second factor (docs/security.md): an admin resets staff and members, a
 * super_admin admins too; a super_admin's is reset from the server (`npm run admin:reset-mfa`).
 */
export function createMfaAdmin({ repo, users, uow, rolesFromProvider }: MfaAdminDeps) {
  async function mustFind(id: string): Promise<UserRow> {
    const user = await users.findById(id);
    if (!user) throw new NotFound('User not found.');
    return user;
  }

  /** Removes the factor with its audit entry; answers whether one was on (an already-reset factor changes nothing and is not audited). */
  async function remove(user: UserRow, actor: AuditActor | null, action: string): Promise<boolean> {
    return uow(async ({ tx, audit }) => {
      const wasOn = await repo.remove(tx, user.id);
      if (wasOn) await audit({ actor, entity: 'user', entityId: user.id, action, before: { twoStep: 'on' }, after: { twoStep: 'off' } });
      return wasOn;
    });
  }

  return {
    async signInOf(userId: string): Promise<UserSignIn> {
      const user = await mustFind(userId);
      const [viaProvider, totp] = await Promise.all([repo.viaProvider(user.id), repo.totp(user.id)]);
      return { singleSignOn: viaProvider, roleFromProvider: roleFromProvider(user, viaProvider, rolesFromProvider), twoStepOn: !!totp?.enabledAt };
    },

    async reset(actor: UsersActor, userId: string): Promise<void> {
      const user = await mustFind(userId);
      if (user.id === actor.id) throw new Forbidden('Turn your own two-step verification off on My account.');
      if (user.role === 'super_admin') throw new Forbidden("A super_admin's two-step verification is reset on the server: npm run admin:reset-mfa.");
      if (user.role === 'admin' && actor.role !== 'super_admin') throw new Forbidden("Only a super_admin can reset another admin's two-step verification.");
      await remove(user, actor, 'two-step verification reset');
    },

    /** From the server (`npm run admin:reset-mfa <e-mail>`), for anyone: the last super_admin who lost their phone. */
    async resetByEmail(email: string): Promise<{ found: boolean; wasOn: boolean }> {
      const user = await users.findByEmail(email);
      if (!user) return { found: false, wasOn: false };
      return { found: true, wasOn: await remove(user, null, 'two-step verification reset on the server') };
    },
  };
}
export type MfaAdmin = ReturnType<typeof createMfaAdmin>;
