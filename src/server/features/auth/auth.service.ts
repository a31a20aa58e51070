import { randomUUID } from 'node:crypto';
import type { AuthTokens } from '#shared/contract/auth';
import type { User } from '#shared/contract/users';
import type { Clock } from '../../lib/clock.ts';
import { Forbidden, TooManyRequests, Unauthorized } from '../../lib/errors.ts';
import { decoyHash, verifyPassword } from '../../lib/password.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { type UserRow, type UsersRepo, toUser } from '../users/users.repo.ts';
import type { AuthRepo } from './auth.repo.ts';
import { type TokenSigner, hashToken, newRefreshToken } from './tokens.ts';

/** Failed sign-ins allowed per e-mail address inside the lock window. */
export const MAX_FAILED_LOGINS = 5;
const LOCK_WINDOW_MS = 15 * 60_000;

export interface AuthDeps {
  repo: AuthRepo;
  users: UsersRepo;
  signer: TokenSigner;
  clock: Clock;
  log: SystemLog;
  refreshDays: number;
}

const INVALID_LOGIN = 'Incorrect email or password.';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const RESTRICTED = 'Your account has been restricted. Please contact an administrator.';

export function createAuthService({ repo, users, signer, clock, log, refreshDays }: AuthDeps) {
  async function issueTokens(user: UserRow, familyId: string): Promise<AuthTokens> {
    const access = await signer.signAccess({ userId: user.id, role: user.role });
    const refresh = newRefreshToken();
    const now = clock.now();
    const refreshExpires = new Date(now.getTime() + refreshDays * 86_400_000);
    await repo.insertRefresh({ id: randomUUID(), userId: user.id, tokenHash: hashToken(refresh), familyId, expiresAt: refreshExpires, createdAt: now });
    return {
      access: { token: access.token, expires: access.expires.toISOString() },
      refresh: { token: refresh, expires: refreshExpires.toISOString() },
    };
  }

  return {
    async login(email: string, password: string): Promise<{ user: User; tokens: AuthTokens }> {
      const now = clock.now();
      const recent = await repo.failures(email);
      // Known and unknown addresses are locked alike, and both pay for a hash check, so neither
      // the answer nor its timing tells whether an account exists.
      if (recent && recent.failures >= MAX_FAILED_LOGINS && now.getTime() - recent.lastFailedAt.getTime() < LOCK_WINDOW_MS) {
        await verifyPassword(await decoyHash(), password);
        await log.error('Auth', `Sign-in refused for ${email}: too many failed attempts`);
        throw new TooManyRequests('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
      }
      const user = await users.findByEmail(email);
      const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
      if (!user || !ok) {
        await repo.recordFailure(email, now, LOCK_WINDOW_MS);
        await log.error('Auth', `Failed sign-in for ${email}`);
        throw new Unauthorized(INVALID_LOGIN);
      }
      if (user.isRestricted) {
        await log.error('Auth', `Sign-in refused for restricted user ${user.email}`);
        throw new Forbidden(RESTRICTED);
      }
      if (recent) await repo.clearFailures(email);
      const updated = (await users.update(user.id, { lastLogin: now })) ?? user;
      const tokens = await issueTokens(updated, randomUUID());
      await log.success('Auth', `User ${user.email} signed in`);
      return { user: toUser(updated), tokens };
    },

    async refresh(refreshToken: string): Promise<AuthTokens> {
      const now = clock.now();
      const row = await repo.findRefresh(hashToken(refreshToken));
      if (!row || row.revokedAt || row.expiresAt <= now) throw new Unauthorized(SESSION_ENDED);
      const user = await users.findById(row.userId);
      if (!user || user.isRestricted) {
        await repo.revokeUser(row.userId, now);
        throw new Unauthorized(user ? RESTRICTED : SESSION_ENDED);
      }
      if (row.usedAt || !(await repo.markUsed(row.id, now))) {
        // A rotated token came back: someone holds a copy. End every session of the user.
        await repo.revokeUser(row.userId, now);
        await log.error('Auth', `Reuse of a rotated refresh token for ${user.email}; all sessions ended`);
        throw new Unauthorized(SESSION_ENDED);
      }
      return issueTokens(user, row.familyId);
    },

    async logout(refreshToken: string): Promise<void> {
      const row = await repo.findRefresh(hashToken(refreshToken));
      if (!row) return;
      await repo.revokeFamily(row.familyId, clock.now());
      const user = await users.findById(row.userId);
      if (user) await log.success('Auth', `User ${user.email} signed out`);
    },

    /** The live user behind an access token; restricted or deleted users get null at once. */
    async authenticate(token: string): Promise<AuthUser | null> {
      const userId = await signer.verifyAccess(token);
      if (!userId) return null;
      const user = await users.findById(userId);
      if (!user || user.isRestricted) return null;
      return { id: user.id, name: user.name, email: user.email, role: user.role, permissions: user.permissions };
    },

    async profile(userId: string): Promise<User> {
      const user = await users.findById(userId);
      if (!user) throw new Unauthorized(SESSION_ENDED);
      return toUser(user);
    },

    revokeSessions: (userId: string) => repo.revokeUser(userId, clock.now()),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
