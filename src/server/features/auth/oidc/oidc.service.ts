import { randomBytes } from 'node:crypto';
import { SSO_CODE_PARAM, SSO_ERROR_PARAM, SSO_SIGN_PAGE, type SsoOutcome, type SsoSettings } from '#shared/contract/auth-sso';
import type { UnitOfWork } from '../../../db/unit-of-work.ts';
import type { Clock } from '../../../lib/clock.ts';
import { Conflict, Invalid, SigningFailed, Unauthorized, Upstream } from '../../../lib/errors.ts';
import type { UsersRepo } from '../../users/index.ts';
import type { AuthEvents } from '../auth-events.ts';
import type { ClientInfo } from '../sessions.ts';
import type { SignIn, SignedIn } from '../sign-in.ts';
import { hashToken } from '../tokens.ts';
import type { AccountFinder, Outcome } from './oidc.accounts.ts';
import { FlowError, type OidcClient, type ProviderPerson } from './oidc.client.ts';
import { type Flow, type FlowPurpose, SENTENCES, flowSealer, usedSecondFactor } from './oidc.flow.ts';
import type { OidcRepo, SsoCodeRow } from './oidc.repo.ts';

export interface OidcDeps {
  client: OidcClient | undefined;
  /** The sandbox's demo provider (SANDBOX_SSO): the sign-in page says so. */
  demo?: boolean;
  label: string;
  /** OIDC_REQUIRE_MFA: a provider sign-in counts only when its `amr` says a second factor was used. */
  requireMfa: boolean;
  accounts: AccountFinder;
  repo: OidcRepo;
  users: UsersRepo;
  uow: UnitOfWork;
  events: AuthEvents;
  signIn: SignIn;
  clock: Clock;
  /** Whether a session is still live and the user's (a link or confirmation comes back to it). */
  sessionLive: (sessionId: string, userId: string) => Promise<boolean>;
  /** Signs the flow cookie (the portal's token secret). */
  secret: string;
}

const CODE_SECONDS = 60;
/** Where a link or confirmation comes back to. */
const ACCOUNT_PAGE = '/dashboard/account';

/** Single sign-on through the organisation's OpenID provider (docs/features/single-sign-on.md). */
export function createOidcService(d: OidcDeps) {
  const flows = flowSealer(d.secret, d.clock);

  /** A one-time code in the page's address for the outcome; returns the address and the browser's nonce (its cookie). */
  async function toPage(purpose: FlowPurpose, outcome: Outcome, sessionId?: string): Promise<{ location: string; browser: string }> {
    const code = randomBytes(32).toString('base64url');
    const browser = randomBytes(24).toString('base64url');
    const now = d.clock.now();
    const expiresAt = new Date(now.getTime() + CODE_SECONDS * 1000);
    const who = 'userId' in outcome ? { userId: outcome.userId } : { failure: outcome.failure };
    await d.repo.insertCode({ id: hashToken(code), ...who, purpose, sessionId: sessionId ?? null, browserHash: hashToken(browser), expiresAt }, now);
    const page = purpose === 'login' ? '/auth/login' : purpose === 'sign' ? SSO_SIGN_PAGE : ACCOUNT_PAGE;
    return { location: `${page}?${SSO_CODE_PARAM}=${code}`, browser };
  }

  /** A link: the identity joins the account that started it, unless it is someone else's or the account has another. */
  async function link(p: ProviderPerson, flow: Flow, address: string): Promise<Outcome> {
    const userId = flow.userId!;
    const owner = await d.repo.userOf(p.issuer, p.subject);
    if (owner) return owner === userId ? { userId } : { failure: SENTENCES.linked_elsewhere };
    if (await d.repo.identityOf(userId)) return { failure: SENTENCES.has_other };
    const user = await d.users.findById(userId);
    if (!user) return { failure: SENTENCES.ended };
    const linked = await d.uow(async ({ tx, audit }) => {
      if (!(await d.repo.link(tx, { issuer: p.issuer, subject: p.subject, userId, createdAt: d.clock.now() }))) return false;
      // The person just signed in at the provider: that counts for the session too.
      await d.repo.providerProved(tx, flow.sessionId!, d.clock.now());
      await audit({ actor: { id: user.id, email: user.email, address }, entity: 'user', entityId: userId, action: 'link single sign-on', after: { issuer: p.issuer, subject: p.subject, by: 'the user' } });
      return true;
    });
    return linked ? { userId } : { failure: SENTENCES.linked_elsewhere };
  }

  /** A confirmation: a fresh provider sign-in of the identity linked to the session's account. */
  async function confirm(p: ProviderPerson, flow: Flow): Promise<Outcome> {
    if ((await d.repo.userOf(p.issuer, p.subject)) !== flow.userId) return { failure: SENTENCES.not_yours };
    await d.uow(({ tx }) => d.repo.providerProved(tx, flow.sessionId!, d.clock.now()));
    return { userId: flow.userId! };
  }

  /**
   * A signature's round trip: the identity linked to the session's account, signed in at the
   * provider after the round trip began (its ID token's `auth_time`, on top of the client's
   * `max_age=0` check). A provider that kept an older sign-in, or says nothing of when, is refused.
   */
  async function signer(p: ProviderPerson, flow: Flow, address: string): Promise<Outcome> {
    if ((await d.repo.userOf(p.issuer, p.subject)) !== flow.userId) return { failure: SENTENCES.not_yours };
    if (p.authTime === undefined || flow.startedAt === undefined || p.authTime < flow.startedAt) {
      await d.events.providerSignInFailed(address, `a signing round trip for subject ${p.subject} came back with a sign-in older than its start`);
      return { failure: SENTENCES.not_fresh };
    }
    return { userId: flow.userId! };
  }

  async function outcomeOf(person: ProviderPerson, flow: Flow, address: string): Promise<Outcome> {
    if (d.requireMfa && !usedSecondFactor(person.amr)) {
      await d.events.providerSignInFailed(address, `no second factor at the provider for subject ${person.subject}`);
      return { failure: SENTENCES.no_mfa };
    }
    if (flow.purpose === 'login') return d.accounts(person, address);
    if (!flow.userId || !flow.sessionId || !(await d.sessionLive(flow.sessionId, flow.userId))) return { failure: SENTENCES.ended };
    if (flow.purpose === 'sign') return signer(person, flow, address);
    return flow.purpose === 'link' ? link(person, flow, address) : confirm(person, flow);
  }

  /** A code from the page's address, in the browser that came back with it; otherwise the sentence why not. */
  async function useCode(code: string, browser: string | undefined): Promise<{ row: SsoCodeRow } | { refused: string }> {
    const row = await d.repo.useCode(hashToken(code), d.clock.now());
    if (!row || row.expiresAt <= d.clock.now()) return { refused: SENTENCES.expired };
    if (!browser || hashToken(browser) !== row.browserHash) return { refused: SENTENCES.other_browser };
    return { row };
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

    /** A sign-in: the provider, or the sign-in page with the reason it cannot (no row is written for anyone who asks). */
    async start(): Promise<{ location: string; cookie?: string }> {
      if (!d.client) return { location: `/auth/login?${SSO_ERROR_PARAM}=unreachable` };
      try {
        const { url, checks } = await d.client.start();
        return { location: url, cookie: await flows.seal({ ...checks, purpose: 'login' }) };
      } catch (err) {
        if (err instanceof FlowError) return { location: `/auth/login?${SSO_ERROR_PARAM}=${err.reason}` };
        throw err;
      }
    },

    /**
     * A round trip for the signed-in account (`link` it, `confirm` the session with a fresh provider
     * sign-in, or `sign` once with one): the provider's address and the flow cookie.
     */
    async startFor(purpose: 'link' | 'confirm' | 'sign', actor: { id: string; sessionId: string }): Promise<{ location: string; cookie: string }> {
      if (!d.client) throw new Conflict('Single sign-on is not set up on this portal.');
      if (purpose !== 'link' && !(await d.repo.identityOf(actor.id))) throw new Conflict('Your account is not linked to single sign-on.');
      // A signature's sign-in must be newer than this moment, to the second the ID token counts in.
      const startedAt = purpose === 'sign' ? { startedAt: Math.floor(d.clock.now().getTime() / 1000) } : {};
      try {
        const { url, checks } = await d.client.start({ fresh: purpose !== 'link' });
        return { location: url, cookie: await flows.seal({ ...checks, purpose, userId: actor.id, sessionId: actor.sessionId, ...startedAt }) };
      } catch (err) {
        if (err instanceof FlowError) throw new Upstream(SENTENCES[err.reason]);
        throw err;
      }
    },

    /** The provider's reply: back to the sign-in page (or My account), with a one-time code for this browser. */
    async callback(callbackUrl: URL, cookie: string | undefined, address: string): Promise<{ location: string; browser: string }> {
      const flow = await flows.open(cookie);
      const purpose = flow?.purpose ?? 'login';
      const failed = async (reason: keyof typeof SENTENCES, why: string) => {
        await d.events.providerSignInFailed(address, why);
        return toPage(purpose, { failure: SENTENCES[reason] }, flow?.sessionId);
      };
      if (!d.client) return failed('unreachable', 'single sign-on is not set up');
      // A denial says so even when the flow's cookie is gone.
      if (!flow) return callbackUrl.searchParams.has('error') ? failed('cancelled', 'cancelled at the provider') : failed('expired', 'the flow had expired');
      try {
        return toPage(purpose, await outcomeOf(await d.client.finish(callbackUrl, flow), flow, address), flow.sessionId);
      } catch (err) {
        if (err instanceof FlowError) return failed(err.reason, err.reason === 'cancelled' ? 'cancelled at the provider' : err.reason === 'expired' ? 'the flow had expired' : 'the provider could not be reached');
        throw err;
      }
    },

    /** The sign-in page's one-time code: returns what a successful password sign-in returns. */
    async exchange(code: string, browser: string | undefined, client: ClientInfo): Promise<SignedIn> {
      const used = await useCode(code, browser);
      if ('refused' in used) throw new Unauthorized(used.refused);
      const { row } = used;
      if (row.purpose !== 'login') throw new Unauthorized(SENTENCES.expired);
      if (row.failure || !row.userId) throw new Unauthorized(row.failure ?? SENTENCES.expired);
      const user = await d.users.findById(row.userId);
      if (!user) throw new Unauthorized(SENTENCES.expired);
      if (user.isRestricted) throw new Unauthorized(SENTENCES.restricted);
      return d.signIn(user, client, 'sso');
    },

    /**
     * The signing page's one-time code, traded by the session that started the round trip in the
     * browser the provider sent back: resolves when it stands for a signature now (the caller then
     * issues the signing token); a round trip that failed is a signature that failed (401).
     */
    async signingCode(code: string, browser: string | undefined, actor: { id: string; sessionId: string }): Promise<void> {
      const used = await useCode(code, browser);
      if ('refused' in used) throw new Invalid(used.refused);
      const { row } = used;
      if (row.purpose !== 'sign' || row.sessionId !== actor.sessionId) throw new Invalid(SENTENCES.expired);
      if (row.failure || row.userId !== actor.id) throw new SigningFailed(row.failure ?? SENTENCES.not_yours);
    },

    /** My account's one-time code after a link or confirmation: what came of it, for the session that started it. */
    async outcome(code: string, browser: string | undefined, actor: { id: string; sessionId: string }): Promise<{ outcome: SsoOutcome }> {
      const used = await useCode(code, browser);
      if ('refused' in used) throw new Invalid(used.refused);
      const { row } = used;
      if (row.purpose === 'login' || row.purpose === 'sign' || row.sessionId !== actor.sessionId) throw new Invalid(SENTENCES.expired);
      if (row.failure) throw new Conflict(row.failure);
      return { outcome: row.purpose === 'link' ? 'linked' : 'confirmed' };
    },
  };
}
export type OidcService = ReturnType<typeof createOidcService>;
