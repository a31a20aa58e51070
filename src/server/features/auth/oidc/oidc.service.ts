import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { SSO_CODE_PARAM, type SsoSettings } from '#shared/contract/auth-sso';
import type { UnitOfWork } from '../../../db/unit-of-work.ts';
import type { Clock } from '../../../lib/clock.ts';
import { Unauthorized } from '../../../lib/errors.ts';
import type { UserRow, UsersRepo } from '../../users/index.ts';
import type { AuthEvents } from '../auth-events.ts';
import type { ClientInfo } from '../sessions.ts';
import type { SignIn, SignedIn } from '../sign-in.ts';
import { hashToken } from '../tokens.ts';
import { type FlowChecks, FlowError, type FlowFailure, type OidcClient, type ProviderPerson } from './oidc.client.ts';
import type { OidcRepo } from './oidc.repo.ts';
import { MAPPABLE_ROLES, type MappableRole, type RoleMap } from './oidc.settings.ts';

export interface OidcDeps {
  client: OidcClient | undefined;
  /** The sandbox's demo provider (SANDBOX_SSO): the sign-in page says so. */
  demo?: boolean;
  label: string;
  roleClaim: string | undefined;
  roleMap: RoleMap;
  provision: boolean;
  trustEmail: boolean;
  repo: OidcRepo;
  users: UsersRepo;
  uow: UnitOfWork;
  events: AuthEvents;
  signIn: SignIn;
  clock: Clock;
  /** Signs the flow cookie (the portal's token secret). */
  secret: string;
}

/** The flow cookie: state, nonce and PKCE verifier, signed, for 10 minutes, so any instance can finish the flow. */
export const FLOW_COOKIE = { name: 'qp_oidc', path: '/v1/auth/oidc', minutes: 10 } as const;
const CODE_SECONDS = 60;

const SENTENCES: Record<FlowFailure | 'restricted' | 'no_role', string> = {
  unreachable: 'The sign-in service could not be reached. Try again in a moment.',
  cancelled: 'Single sign-on was cancelled.',
  expired: 'That sign-in took too long. Please try again.',
  restricted: 'Your account is restricted. Contact an administrator.',
  no_role: 'Your organisation account has no Quality Portal role. Ask an administrator.',
};
const noAccount = (email: string | undefined) => `There is no Quality Portal account for ${email ?? 'your organisation account'}. Ask an administrator to add you.`;

/** Of several mapped values, the highest role. */
function mappedRole(values: string[], map: RoleMap): MappableRole | undefined {
  const roles = values.flatMap((v) => map.get(v) ?? []);
  return MAPPABLE_ROLES.findLast((r) => roles.includes(r));
}

/** Single sign-on through the organisation's OpenID provider (docs/single-sign-on.md). */
export function createOidcService(d: OidcDeps) {
  const key = new TextEncoder().encode(`oidc-flow:${d.secret}`);

  /** A one-time code in the sign-in page's address: the account to sign in, or the sentence why not. */
  async function toSignInPage(outcome: { userId: string } | { failure: string }): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    const now = d.clock.now();
    const expiresAt = new Date(now.getTime() + CODE_SECONDS * 1000);
    await d.repo.insertCode({ id: hashToken(code), ...('userId' in outcome ? { userId: outcome.userId } : { failure: outcome.failure }), expiresAt }, now);
    return `/auth/login?${SSO_CODE_PARAM}=${code}`;
  }

  async function refuse(user: UserRow, why: string, sentence: string, address: string) {
    await d.events.refused(user, address, why);
    return { failure: sentence };
  }

  /** The portal account of the person, found, linked or created, with its role from the provider. */
  async function accountOf(p: ProviderPerson, address: string): Promise<{ userId: string } | { failure: string }> {
    const linked = await d.repo.userOf(p.issuer, p.subject);
    const trusted = p.email && (p.emailVerified || d.trustEmail) ? p.email : undefined;
    const role = mappedRole(p.roleValues, d.roleMap);
    let user = linked ? await d.users.findById(linked) : trusted ? await d.users.findByEmail(trusted) : undefined;
    const now = d.clock.now();
    if (!user) {
      if (!d.provision || !trusted) return { failure: noAccount(p.email) };
      if (!role) return { failure: SENTENCES.no_role };
      user = await d.uow(async ({ tx, audit }) => {
        const created = await d.users.insert(tx, { id: randomUUID(), email: trusted, name: p.name ?? trusted, role, passwordHash: '', createdAt: now, updatedAt: now });
        await d.repo.link(tx, { issuer: p.issuer, subject: p.subject, userId: created.id, createdAt: now });
        await audit({ actor: null, address, entity: 'user', entityId: created.id, action: 'create from single sign-on', after: { email: created.email, name: created.name, role } });
        return created;
      });
    }
    if (user.isRestricted) return refuse(user, 'the account is restricted', SENTENCES.restricted, address);
    const account = user;
    // The provider is the source of the role, except a super_admin's, which never comes from it.
    const newRole = d.roleClaim && account.role !== 'super_admin' ? role : undefined;
    if (d.roleClaim && account.role !== 'super_admin' && !newRole) return refuse(account, 'no role from the identity provider', SENTENCES.no_role, address);
    if (!linked || (newRole && newRole !== account.role)) {
      await d.uow(async ({ tx, audit }) => {
        if (!linked) {
          await d.repo.link(tx, { issuer: p.issuer, subject: p.subject, userId: account.id, createdAt: now });
          await audit({ actor: null, address, entity: 'user', entityId: account.id, action: 'link single sign-on', after: { issuer: p.issuer } });
        }
        if (newRole && newRole !== account.role) {
          await d.users.update(account.id, { role: newRole, updatedAt: now }, tx);
          await audit({ actor: null, address, entity: 'user', entityId: account.id, action: 'role from identity provider', before: { role: account.role }, after: { role: newRole } });
        }
      });
    }
    return { userId: account.id };
  }

  return {
    settings: (): SsoSettings => ({ enabled: !!d.client, label: d.label, demo: !!d.client && !!d.demo }),

    /**
     * Where a browser goes after the portal session of a provider sign-in ended: the provider's
     * sign-out (its `end_session_endpoint`), which comes back to `signInPage`; the sign-in page
     * itself when the provider has none or cannot be reached.
     */
    async signOutLocation(signInPage: string): Promise<string> {
      return (await d.client?.endSessionUrl(signInPage)) ?? '/auth/login';
    },

    /** Where the browser goes to start: the provider, or the sign-in page with the reason it cannot. */
    async start(): Promise<{ location: string; cookie?: string }> {
      if (!d.client) return { location: await toSignInPage({ failure: SENTENCES.unreachable }) };
      try {
        const { url, checks } = await d.client.start();
        const cookie = await new SignJWT({ ...checks }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(`${FLOW_COOKIE.minutes}m`).sign(key);
        return { location: url, cookie };
      } catch (err) {
        if (err instanceof FlowError) return { location: await toSignInPage({ failure: SENTENCES[err.reason] }) };
        throw err;
      }
    },

    /** The provider's answer: always back to the sign-in page, with a one-time code. */
    async callback(callbackUrl: URL, cookie: string | undefined, address: string): Promise<string> {
      const checks = await (cookie ? jwtVerify<FlowChecks>(cookie, key, { algorithms: ['HS256'], currentDate: d.clock.now() }).then((r) => r.payload, () => undefined) : undefined);
      if (!d.client) return toSignInPage({ failure: SENTENCES.unreachable });
      try {
        if (!checks) {
          // A denial says so even when the flow's cookie is gone.
          throw new FlowError(callbackUrl.searchParams.has('error') ? 'cancelled' : 'expired');
        }
        return toSignInPage(await accountOf(await d.client.finish(callbackUrl, checks), address));
      } catch (err) {
        if (err instanceof FlowError) return toSignInPage({ failure: SENTENCES[err.reason] });
        throw err;
      }
    },

    /** The one-time code from the sign-in page's address: answers what a successful password sign-in answers. */
    async exchange(code: string, client: ClientInfo): Promise<SignedIn> {
      const row = await d.repo.useCode(hashToken(code), d.clock.now());
      if (!row || row.expiresAt <= d.clock.now()) throw new Unauthorized(SENTENCES.expired);
      if (row.failure || !row.userId) throw new Unauthorized(row.failure ?? SENTENCES.expired);
      const user = await d.users.findById(row.userId);
      if (!user) throw new Unauthorized(SENTENCES.expired);
      if (user.isRestricted) throw new Unauthorized(SENTENCES.restricted);
      return d.signIn(user, client, 'sso');
    },
  };
}
export type OidcService = ReturnType<typeof createOidcService>;
