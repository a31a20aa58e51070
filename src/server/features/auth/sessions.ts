import { randomUUID } from 'node:crypto';
import type { AuthTokens, SessionInfo, SignInMethod } from '#shared/contract/auth';
import type { Role } from '#shared/roles';
import type { Queryable } from '../../db/client.ts';
import type { UnitOfWork, Work } from '../../db/unit-of-work.ts';
import type { AuditActor } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { AuthEvents, SessionEndReason } from './auth-events.ts';
import type { AuthRepo, SessionRow } from './auth.repo.ts';
import type { SessionCache } from './session-cache.ts';
import { type AccessSubject, type TokenSigner, hashToken, newRefreshToken } from './tokens.ts';

/** Where a request came from: the client address (through TRUST_PROXY), its browser, and the browser's cookies (its device cookie). */
export interface ClientInfo {
  address: string;
  userAgent: string;
  cookies?: string | undefined;
}

export interface SessionsDeps {
  repo: AuthRepo;
  signer: TokenSigner;
  clock: Clock;
  events: AuthEvents;
  uow: UnitOfWork;
  refreshDays: number;
  idleMinutes: number;
  /** SESSION_MAX_HOURS: a session ends this long after its sign-in, whatever its use. */
  maxHours: number;
  /** Recent sign-in checks, trusted while the database's change notifications arrive. */
  cache?: SessionCache<SessionUser>;
}

export type SessionUser = NonNullable<Awaited<ReturnType<AuthRepo['sessionUser']>>>;
/** The sign-in check's answer: the live user behind a token, or null. */
type SignedIn = Omit<AuthUser, 'address'> | null;

interface Account {
  id: string;
  email: string;
  role: Role;
}

/** A session's last use is written at most this often (so not on every request), and at least 4 times per idle limit. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Sessions (one per sign-in, the refresh-token family): started at sign-in, continued by each
 * refresh, checked on every request, ended by logout, password changes, admins or idleness.
 */
export function createSessions({ repo, signer, clock, events, uow, refreshDays, idleMinutes, maxHours, cache }: SessionsDeps) {
  const idleMs = idleMinutes * 60_000;
  const maxMs = maxHours * 3_600_000;
  const tooOld = (session: Pick<SessionRow, 'createdAt'>, now: Date) => now.getTime() - session.createdAt.getTime() >= maxMs;
  // Written well within the idle limit, or a session in use would end anyway under a short limit.
  const touchEveryMs = Math.min(TOUCH_EVERY_MS, idleMs / 4);
  const idleSince = (now: Date) => new Date(now.getTime() - idleMs);

  async function issue(user: Account, sessionId: string, now: Date, q?: Queryable): Promise<AuthTokens> {
    const access = await signer.signAccess({ userId: user.id, sessionId, role: user.role });
    const refresh = newRefreshToken();
    const expires = new Date(now.getTime() + refreshDays * 86_400_000);
    await repo.insertRefresh({ id: randomUUID(), userId: user.id, tokenHash: hashToken(refresh), familyId: sessionId, expiresAt: expires, createdAt: now }, q);
    await repo.extendSession(sessionId, now, expires, q);
    return { access: { token: access.token, expires: access.expires.toISOString() }, refresh: { token: refresh, expires: expires.toISOString() }, idleMinutes };
  }

  /**
   * The sign-in check of a verified token's session: its row (cached, decision 014) must be live,
   * its user unrestricted, the session neither idle nor past SESSION_MAX_HOURS. The last use is
   * written at most once a minute.
   */
  async function forSubject(subject: AccessSubject): Promise<SignedIn> {
    const { sessionId } = subject;
    const row = cache ? await cache.row(sessionId, () => repo.sessionUser(sessionId)) : await repo.sessionUser(sessionId);
    if (!row || row.userId !== subject.userId || row.revokedAt || row.isRestricted) return null;
    const now = clock.now();
    const idle = now.getTime() - row.lastSeenAt.getTime();
    if (idle >= idleMs || tooOld(row, now)) return null;
    if (idle >= touchEveryMs) {
      await repo.touchSession(sessionId, now, new Date(now.getTime() - touchEveryMs));
      cache?.touched(sessionId, now);
    }
    return { id: row.userId, name: row.name, email: row.email, role: row.role, permissions: row.permissions, sessionId };
  }

  /** Ends sessions of a user within a change (`work`), recorded with who and why; returns the ids ended. */
  async function endWithin(work: Work, user: Pick<Account, 'id' | 'email'>, which: { only?: string; except?: string }, reason: SessionEndReason, actor: AuditActor | null, address?: string): Promise<string[]> {
    const now = clock.now();
    // An idle session is already over; ending it is only recorded when idleness is the reason.
    const ended = await repo.endSessions({ userId: user.id, ...which }, reason, now, reason === 'idle' ? null : idleSince(now), work.tx);
    await events.sessionsEnded(work, user, ended, reason, actor, address ?? actor?.address);
    return ended;
  }

  /** Ends sessions of a user, recorded with who and why; returns how many ended. */
  async function end(user: Pick<Account, 'id' | 'email'>, which: { only?: string; except?: string }, reason: SessionEndReason, actor: AuditActor | null, address?: string): Promise<number> {
    const ended = await uow((work) => endWithin(work, user, which, reason, actor, address));
    cache?.forgetUser(user.id);
    return ended.length;
  }

  return {
    idleMinutes,

    /** A new session and its first tokens, written on `tx` (the sign-in's transaction). */
    async start(tx: Queryable, user: Account, client: ClientInfo, method: SignInMethod = 'password'): Promise<{ sessionId: string; tokens: AuthTokens }> {
      const now = clock.now();
      const id = randomUUID();
      const providerAt = method === 'sso' ? now : null;
      await repo.insertSession({ id, userId: user.id, createdAt: now, lastSeenAt: now, expiresAt: now, ipAddress: client.address, userAgent: client.userAgent.slice(0, 400), method, providerAt }, tx);
      return { sessionId: id, tokens: await issue(user, id, now, tx) };
    },

    /** A new token pair in the same session (the refresh already checked it may continue). */
    continue: (user: Account, sessionId: string) => issue(user, sessionId, clock.now()),

    find: (id: string) => repo.findSession(id),

    isIdle: (session: Pick<SessionRow, 'lastSeenAt'>, now = clock.now()) => now.getTime() - session.lastSeenAt.getTime() >= idleMs,

    maxHours,
    /** Past SESSION_MAX_HOURS since its sign-in. */
    isTooOld: (session: Pick<SessionRow, 'createdAt'>, now = clock.now()) => tooOld(session, now),

    /**
     * The live user behind an access token, or null: an ended, idle or foreign session, or a
     * restricted or deleted user, stops the token on its next request: on this instance at once,
     * on others as soon as the database's notification arrives (decision 014).
     */
    async authenticate(token: string): Promise<SignedIn> {
      const subject = await signer.verifyAccess(token);
      return subject && forSubject(subject);
    },

    async list(userId: string, currentSessionId: string): Promise<SessionInfo[]> {
      const now = clock.now();
      const rows = await repo.liveSessions(userId, now, idleSince(now));
      return rows.map((s) => ({
        id: s.id,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        ipAddress: s.ipAddress,
        userAgent: s.userAgent,
        method: s.method,
        current: s.id === currentSessionId,
      }));
    },

    end,
    endWithin,
    /** Forgets what this instance knows of a user's sessions (after a change committed). */
    forgetUser: (userId: string) => cache?.forgetUser(userId),

    /** The user ends one of their own sessions; someone else's is not found. */
    async endOwn(user: AuthUser, sessionId: string): Promise<void> {
      const session = await repo.findSession(sessionId);
      if (!session || session.userId !== user.id) throw new NotFound('Session not found.');
      await end(user, { only: sessionId }, 'signed out by user', user);
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
