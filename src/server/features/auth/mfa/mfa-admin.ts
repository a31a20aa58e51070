import type { UserSignIn } from '#shared/contract/auth-mfa';
import type { UnitOfWork } from '../../../db/unit-of-work.ts';
import type { AuditActor } from '../../../lib/audit.ts';
import type { Clock } from '../../../lib/clock.ts';
import { Conflict, Forbidden, NotFound } from '../../../lib/errors.ts';
import type { UserRow, UsersActor, UsersRepo } from '../../users/index.ts';
import type { OidcRepo } from '../oidc/oidc.repo.ts';
import type { MfaRepo } from './mfa.repo.ts';

export interface MfaAdminDeps {
  repo: MfaRepo;
  identities: Pick<OidcRepo, 'identityOf' | 'userOf' | 'link' | 'unlink'>;
  users: UsersRepo;
  uow: UnitOfWork;
  clock: Clock;
  /** OIDC_ROLE_CLAIM is set: the provider gives the role of the accounts that sign in through it. */
  rolesFromProvider: boolean;
  /** The provider's issuer, whose subjects an admin links accounts to; undefined without single sign-on. */
  providerIssuer: (() => Promise<string>) | undefined;
}

/** Whether the provider gives this account's role: it signs in there, roles come from there, and it is not a super_admin. */
export function roleFromProvider(user: Pick<UserRow, 'role'>, viaProvider: boolean, rolesFromProvider: boolean): boolean {
  return rolesFromProvider && viaProvider && user.role !== 'super_admin';
}

/**
 * What administrators see and do about how a user signs in: the Users page's view of it, the
 * reset of a lost second factor, and linking an account to the provider (docs/security.md). An
 * admin acts on staff and members, a super_admin on admins too; nobody on someone else's
 * super_admin account (its second factor is reset from the server, `npm run admin:reset-mfa`, and
 * a super_admin links their own account on My account).
 */
export function createMfaAdmin({ repo, identities, users, uow, clock, rolesFromProvider, providerIssuer }: MfaAdminDeps) {
  async function mustFind(id: string): Promise<UserRow> {
    const user = await users.findById(id);
    if (!user) throw new NotFound('User not found.');
    return user;
  }

  /** The peer rule of the Users page, for `what` done to someone else's account. */
  function mayActOn(actor: UsersActor, user: UserRow, what: string): void {
    if (user.role === 'super_admin') throw new Forbidden(`A super_admin's ${what} is not changed by someone else.`);
    if (user.role === 'admin' && actor.role !== 'super_admin') throw new Forbidden(`Only a super_admin can change another admin's ${what}.`);
  }

  /** Removes the factor with its audit entry; returns whether one was on (an already-reset factor changes nothing and is not audited). */
  async function remove(user: UserRow, actor: AuditActor | null, action: string, operator?: string): Promise<boolean> {
    return uow(async ({ tx, audit }) => {
      const wasOn = await repo.remove(tx, user.id);
      if (wasOn) await audit({ actor, entity: 'user', entityId: user.id, action, before: { twoStep: 'on' }, after: { twoStep: 'off', ...(operator ? { operator } : {}) } });
      return wasOn;
    });
  }

  return {
    async signInOf(userId: string): Promise<UserSignIn> {
      const user = await mustFind(userId);
      const [identity, totp] = await Promise.all([identities.identityOf(user.id), repo.totp(user.id)]);
      return { singleSignOn: !!identity, subject: identity?.subject ?? null, roleFromProvider: roleFromProvider(user, !!identity, rolesFromProvider), twoStepOn: !!totp?.enabledAt };
    },

    /** Links a user's account to the provider's identity `subject` (which the provider's admin console shows). */
    async link(actor: UsersActor, userId: string, subject: string): Promise<void> {
      if (!providerIssuer) throw new Conflict('Single sign-on is not set up on this portal.');
      const user = await mustFind(userId);
      if (user.id === actor.id) throw new Forbidden('Link your own account on My account.');
      mayActOn(actor, user, 'single sign-on');
      const issuer = await providerIssuer();
      const owner = await identities.userOf(issuer, subject);
      if (owner && owner !== user.id) throw new Conflict('That identity is already linked to another account.');
      if (owner) return;
      if (await identities.identityOf(user.id)) throw new Conflict('This account is linked to another identity. Unlink it first.');
      await uow(async ({ tx, audit }) => {
        if (!(await identities.link(tx, { issuer, subject, userId: user.id, createdAt: clock.now() }))) throw new Conflict('That identity is already linked to another account.');
        await audit({ actor, entity: 'user', entityId: user.id, action: 'link single sign-on', after: { issuer, subject, by: 'an administrator' } });
      });
    },

    /** Unlinks a user's account from the provider; an account not linked changes nothing. */
    async unlink(actor: UsersActor, userId: string): Promise<void> {
      const user = await mustFind(userId);
      if (user.id !== actor.id) mayActOn(actor, user, 'single sign-on');
      await uow(async ({ tx, audit }) => {
        const removed = await identities.unlink(tx, user.id);
        if (removed.length > 0) await audit({ actor, entity: 'user', entityId: user.id, action: 'unlink single sign-on', before: { subject: removed.join(', ') } });
      });
    },

    async reset(actor: UsersActor, userId: string): Promise<void> {
      const user = await mustFind(userId);
      if (user.id === actor.id) throw new Forbidden('Turn your own two-step verification off on My account.');
      if (user.role === 'super_admin') throw new Forbidden("A super_admin's two-step verification is reset on the server: npm run admin:reset-mfa.");
      if (user.role === 'admin' && actor.role !== 'super_admin') throw new Forbidden("Only a super_admin can reset another admin's two-step verification.");
      await remove(user, actor, 'two-step verification reset');
    },

    /**
     * From the server (`npm run admin:reset-mfa <e-mail>`), for anyone: the last super_admin who lost
     * their phone. `operator`: who ran it (the system user, and the one who became it through sudo).
     */
    async resetByEmail(email: string, operator: string): Promise<{ found: boolean; wasOn: boolean }> {
      const user = await users.findByEmail(email);
      if (!user) return { found: false, wasOn: false };
      return { found: true, wasOn: await remove(user, null, 'two-step verification reset on the server', operator) };
    },
  };
}
export type MfaAdmin = ReturnType<typeof createMfaAdmin>;
