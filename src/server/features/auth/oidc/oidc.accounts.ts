import { randomUUID } from 'node:crypto';
import type { Role } from '#shared/roles';
import type { UnitOfWork } from '../../../db/unit-of-work.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { UserRow, UsersRepo } from '../../users/index.ts';
import type { AuthEvents } from '../auth-events.ts';
import type { ProviderPerson } from './oidc.client.ts';
import { SENTENCES, noAccount } from './oidc.flow.ts';
import type { OidcRepo } from './oidc.repo.ts';
import { MAPPABLE_ROLES, type MappableRole, type RoleMap } from './oidc.settings.ts';

export interface AccountsDeps {
  repo: OidcRepo;
  users: UsersRepo;
  uow: UnitOfWork;
  events: AuthEvents;
  clock: Clock;
  roleClaim: string | undefined;
  roleMap: RoleMap;
  /** OIDC_PROVISION: a first sign-in of someone without an account creates it. */
  provision: boolean;
  /** OIDC_TRUST_EMAIL: the provider's e-mail counts as verified without `email_verified`. */
  trustEmail: boolean;
  /** OIDC_LINK_BY_EMAIL: a first sign-in links the staff or member account of the same verified e-mail. */
  linkByEmail: boolean;
}

export type Failure = { failure: string };
export type Outcome = { userId: string } | Failure;

/** Accounts never linked by an e-mail match, whatever OIDC_LINK_BY_EMAIL says. */
const NEVER_BY_EMAIL: ReadonlySet<Role> = new Set(['admin', 'super_admin']);

/** Of several mapped values, the highest role. */
function mappedRole(values: string[], map: RoleMap): MappableRole | undefined {
  const roles = values.flatMap((v) => map.get(v) ?? []);
  return MAPPABLE_ROLES.findLast((r) => roles.includes(r));
}

/**
 * The portal account of a person the provider vouched for (docs/features/single-sign-on.md): found by
 * the identity's issuer and subject. An identity not linked yet is linked by e-mail only with
 * OIDC_LINK_BY_EMAIL, never to an admin's or super_admin's account; otherwise a matching account is
 * refused with the sentence saying how to link it. Someone without an account is created when
 * OIDC_PROVISION is on. Sign-ins of two at once for a new identity make one account.
 */
export function createAccountFinder(d: AccountsDeps) {
  async function refuse(user: UserRow, why: string, sentence: string, address: string): Promise<Failure> {
    await d.events.refused(user, address, why);
    return { failure: sentence };
  }

  /** A new account for the identity; undefined when another sign-in made the account or linked the identity meanwhile. */
  async function create(p: ProviderPerson, email: string, role: MappableRole, address: string): Promise<UserRow | undefined> {
    const now = d.clock.now();
    const undo = new Error('made meanwhile');
    return d
      .uow(async ({ tx, audit }) => {
        const created = await d.users.insertNew(tx, { id: randomUUID(), email, name: p.name ?? email, role, passwordHash: '', createdAt: now, updatedAt: now });
        if (!created) return undefined;
        if (!(await d.repo.link(tx, { issuer: p.issuer, subject: p.subject, userId: created.id, createdAt: now }))) throw undo;
        await audit({ actor: null, address, entity: 'user', entityId: created.id, action: 'create from single sign-on', after: { email: created.email, name: created.name, role } });
        return created;
      })
      .catch((err: unknown) => {
        if (err === undo) return undefined;
        throw err;
      });
  }

  /** Links an existing account by its e-mail; false when the identity was linked meanwhile. */
  async function linkByEmail(p: ProviderPerson, user: UserRow, address: string): Promise<boolean> {
    return d.uow(async ({ tx, audit }) => {
      if (!(await d.repo.link(tx, { issuer: p.issuer, subject: p.subject, userId: user.id, createdAt: d.clock.now() }))) return false;
      await audit({ actor: null, address, entity: 'user', entityId: user.id, action: 'link single sign-on', after: { issuer: p.issuer, subject: p.subject, by: 'e-mail' } });
      return true;
    });
  }

  /** The account the identity is linked to, if it is. */
  async function linkedAccount(p: ProviderPerson): Promise<UserRow | undefined> {
    const linked = await d.repo.userOf(p.issuer, p.subject);
    return linked ? d.users.findById(linked) : undefined;
  }

  /** The linked account, or the account found or made for an identity not linked yet. */
  async function find(p: ProviderPerson, address: string): Promise<UserRow | Failure | undefined> {
    const linked = await linkedAccount(p);
    if (linked) return linked;
    const trusted = p.email && (p.emailVerified || d.trustEmail) ? p.email : undefined;
    const sameEmail = trusted ? await d.users.findByEmail(trusted) : undefined;
    if (sameEmail) {
      // A sign-in of the same identity may have made the account (and its link, in one transaction)
      // since the first look: seeing the account, the link is there to see too.
      const linkedNow = await linkedAccount(p);
      if (linkedNow) return linkedNow;
      if (!d.linkByEmail || NEVER_BY_EMAIL.has(sameEmail.role)) return refuse(sameEmail, 'single sign-on not linked to the account', SENTENCES.not_linked, address);
      return (await linkByEmail(p, sameEmail, address)) ? sameEmail : undefined;
    }
    const role = mappedRole(p.roleValues, d.roleMap);
    if (!d.provision || !trusted) {
      await d.events.providerSignInFailed(address, `no account for ${p.email ?? 'an identity without an e-mail'} (subject ${p.subject})`);
      return { failure: noAccount(p.email) };
    }
    if (!role) {
      await d.events.providerSignInFailed(address, `no role from the identity provider for ${trusted}`);
      return { failure: SENTENCES.no_role };
    }
    return create(p, trusted, role, address);
  }

  return async function accountOf(p: ProviderPerson, address: string): Promise<Outcome> {
    let found = await find(p, address);
    // Another sign-in of the same identity made or linked the account meanwhile: it is linked now.
    if (found === undefined) found = await linkedAccount(p);
    if (!found) return { failure: SENTENCES.not_linked };
    if ('failure' in found) return found;
    const account = found;
    if (account.isRestricted) return refuse(account, 'the account is restricted', SENTENCES.restricted, address);
    // The provider is the source of the role, except a super_admin's, which never comes from it.
    if (!d.roleClaim || account.role === 'super_admin') return { userId: account.id };
    const newRole = mappedRole(p.roleValues, d.roleMap);
    if (!newRole) return refuse(account, 'no role from the identity provider', SENTENCES.no_role, address);
    if (newRole !== account.role) {
      await d.uow(async ({ tx, audit }) => {
        await d.users.update(account.id, { role: newRole, updatedAt: d.clock.now() }, tx);
        await audit({ actor: null, address, entity: 'user', entityId: account.id, action: 'role from identity provider', before: { role: account.role }, after: { role: newRole } });
      });
    }
    return { userId: account.id };
  };
}
export type AccountFinder = ReturnType<typeof createAccountFinder>;
