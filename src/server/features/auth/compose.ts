import type { FastifyBaseLogger } from 'fastify';
import { type Config, publicUrl } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PasswordCost } from '../../lib/password.ts';
import { listen } from '../../db/notifications.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { cookieWriter } from '../../lib/cookies.ts';
import { Upstream } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { UserRow, UsersRepo } from '../users/index.ts';
import { createAuthEvents } from './auth-events.ts';
import { createAuthRepo } from './auth.repo.ts';
import { createAuthService } from './auth.service.ts';
import { createDeviceCookies } from './devices.ts';
import { createCodeCheck } from './mfa/codes.ts';
import { createEnrolmentGate } from './mfa/enrolment.ts';
import { createMfaAdmin } from './mfa/mfa-admin.ts';
import { createMfaRepo } from './mfa/mfa.repo.ts';
import { createMfaSeal } from './mfa/sealing.ts';
import { createMfaService } from './mfa/mfa.service.ts';
import { type SsoProvider, createOidcClient } from './oidc/oidc.client.ts';
import { createOidcRepo } from './oidc/oidc.repo.ts';
import { createAccountFinder } from './oidc/oidc.accounts.ts';
import { SENTENCES } from './oidc/oidc.flow.ts';
import { createOidcService } from './oidc/oidc.service.ts';
import { createProof } from './proof.ts';
import { AUTH_CHANNEL, createSessionCache } from './session-cache.ts';
import { type SessionUser, createSessions } from './sessions.ts';
import { createSignIn } from './sign-in.ts';
import { createLoginThrottle } from './throttle.ts';
import { createThrottleRepo } from './throttle.repo.ts';
import { createTokenSigner } from './tokens.ts';

export interface AuthCompositionDeps {
  config: Config;
  db: Db;
  clock: Clock;
  jwtSecret: string;
  /** Seals authenticator seeds and keys recovery-code hashes (mfa/sealing.ts). */
  mfaKey: string;
  log: SystemLog;
  uow: UnitOfWork;
  users: UsersRepo;
  /** The sandbox's demo provider (SANDBOX_SSO), when OIDC_ISSUER is not set. */
  demoSso?: SsoProvider | undefined;
  logger?: FastifyBaseLogger | undefined;
  /** argon2id's cost for the hashes made here (PASSWORD_COST unless given: tests give a lower one). */
  passwordCost?: PasswordCost | undefined;
}

const SSO_ONLY = 'Your organisation signs in through single sign-on. Use the single sign-on button.';
const LINKED_SSO = 'Your account signs in through your organisation’s single sign-on. Use the single sign-on button.';
const LINKED_SET_UP_FIRST =
  'Your account is linked to your organisation’s single sign-on, and your role needs two-step verification. Sign in with single sign-on, then set up the authenticator app on My account to sign in with your password too.';

/** Sign-in and everything around it, built once from the configuration (docs/security.md, "Sign-in"). */
export function createAuthServices(d: AuthCompositionDeps) {
  const { config, db, clock, uow } = d;
  const events = createAuthEvents(d.log, uow);
  const authRepo = createAuthRepo(db);
  // Recent sign-in checks, kept while the database's change notifications arrive (decision 014).
  const cache = createSessionCache<SessionUser>({ ttlMs: 10_000, max: 10_000, now: () => clock.now().getTime() });
  const changes = listen(db.$client.options.connectionString ?? '', AUTH_CHANNEL, cache.notified, cache.trust);
  const sessions = createSessions({
    cache,
    repo: authRepo,
    signer: createTokenSigner(d.jwtSecret, clock, config.ACCESS_TOKEN_MINUTES),
    clock,
    events,
    uow,
    refreshDays: config.REFRESH_TOKEN_DAYS,
    idleMinutes: config.SESSION_IDLE_MINUTES,
    maxHours: config.SESSION_MAX_HOURS,
  });
  const cookies = cookieWriter(publicUrl(config));
  const devices = createDeviceCookies({ secret: d.jwtSecret, clock, cookies });
  const throttle = createLoginThrottle({ repo: createThrottleRepo(db), clock, devices });
  const signIn = createSignIn({ users: d.users, sessions, events, clock, uow });
  const mfaRepo = createMfaRepo(db, createMfaSeal(d.mfaKey));
  const codes = createCodeCheck({ repo: mfaRepo, clock });
  const prove = createProof({ users: d.users, mfa: mfaRepo, codes, throttle, events, clock, uow, passwordCost: d.passwordCost });

  /** PASSWORD_LOGIN: who may not sign in with a password at all, and the sentence saying so. */
  async function passwordLoginOff(user: UserRow): Promise<{ sentence: string; reason: string } | null> {
    if (config.PASSWORD_LOGIN === 'super_admin' && user.role !== 'super_admin') return { sentence: SSO_ONLY, reason: 'password sign-in is for super_admins only' };
    if (config.PASSWORD_LOGIN === 'linked' && (await mfaRepo.viaProvider(user.id))) return { sentence: LINKED_SSO, reason: 'password sign-in is off for accounts linked to the identity provider' };
    return null;
  }

  /**
   * Who may not sign in with a password now: PASSWORD_LOGIN; and, under MFA_REQUIRED_ROLES, an
   * account linked to the provider whose portal app is not set up yet. That account has a second
   * factor already, the provider's: were its password let in to set the app up, whoever holds the
   * password alone would enrol their own app and be in. It sets the app up from a single sign-on
   * session (My account), after which its password and code sign in.
   */
  async function passwordRefused(user: UserRow): Promise<{ sentence: string; reason: string } | null> {
    const off = await passwordLoginOff(user);
    if (off) return off;
    if (config.MFA_REQUIRED_ROLES.includes(user.role) && (await mfaRepo.viaProvider(user.id)) && !(await mfaRepo.totp(user.id))?.enabledAt) {
      return { sentence: LINKED_SET_UP_FIRST, reason: 'a linked account whose role needs two-step verification sets the app up from a single sign-on session first' };
    }
    return null;
  }
  const passwordSignIn = async (user: UserRow) => !!user.passwordHash && !(await passwordLoginOff(user));

  const mfa = createMfaService({ repo: mfaRepo, uow, users: d.users, throttle, events, signIn, codes, prove, clock, requiredRoles: config.MFA_REQUIRED_ROLES, passwordSignIn });
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = config;
  // The configured provider, or the sandbox's demo provider (SANDBOX_SSO).
  const ssoProvider = issuer && clientId && clientSecret ? { issuer, clientId, clientSecret } : d.demoSso;
  const oidcClient = ssoProvider ? createOidcClient({ ...ssoProvider, scopes: config.OIDC_SCOPES, redirectUri: `${publicUrl(config)}/v1/auth/oidc/callback`, roleClaim: config.OIDC_ROLE_CLAIM, requireAmr: config.OIDC_REQUIRE_MFA === 'on' }) : undefined;
  const oidcRepo = createOidcRepo(db);
  const accounts = createAccountFinder({
    repo: oidcRepo,
    users: d.users,
    uow,
    events,
    clock,
    roleClaim: config.OIDC_ROLE_CLAIM,
    roleMap: config.OIDC_ROLE_MAP,
    provision: config.OIDC_PROVISION === 'on',
    trustEmail: config.OIDC_TRUST_EMAIL === 'on',
    linkByEmail: config.OIDC_LINK_BY_EMAIL === 'on',
  });
  const sessionLive = async (sessionId: string, userId: string) => {
    const s = await sessions.find(sessionId);
    return !!s && s.userId === userId && !s.revokedAt && !sessions.isIdle(s) && !sessions.isTooOld(s);
  };
  const oidc = createOidcService({
    client: oidcClient,
    demo: !!ssoProvider?.demo,
    label: config.OIDC_LABEL,
    requireMfa: config.OIDC_REQUIRE_MFA === 'on',
    accounts,
    repo: oidcRepo,
    users: d.users,
    uow,
    events,
    signIn,
    clock,
    sessionLive,
    secret: d.jwtSecret,
  });
  const auth = createAuthService({
    repo: authRepo,
    users: d.users,
    sessions,
    throttle,
    events,
    clock,
    uow,
    attemptsPerMinute: config.LOGIN_RATE_LIMIT,
    secondFactorChallenge: (user) => mfa.challengeFor(user),
    passwordRefused,
    passwordCost: d.passwordCost,
  });
  const endSession = async (user: { id: string; email: string; sessionId: string; address: string }) => {
    await sessions.end(user, { only: user.sessionId }, 'second factor required', null, user.address);
  };
  return {
    /** Ends what sign-in holds open (the notification listener). */
    close: () => changes.close(),
    authCache: cache,
    events,
    sessions,
    devices,
    cookies,
    auth,
    mfa,
    mfaRepo,
    /** The check that the person is the account's owner (password or recent provider sign-in, and a code): proof.ts. */
    prove,
    mfaAdmin: createMfaAdmin({
      repo: mfaRepo,
      identities: oidcRepo,
      users: d.users,
      uow,
      clock,
      rolesFromProvider: !!config.OIDC_ROLE_CLAIM,
      providerIssuer: oidcClient ? () => oidcClient.issuer().catch(() => Promise.reject(new Upstream(SENTENCES.unreachable))) : undefined,
    }),
    enrolmentGate: createEnrolmentGate(config.MFA_REQUIRED_ROLES, mfaRepo, endSession),
    oidc,
  };
}
