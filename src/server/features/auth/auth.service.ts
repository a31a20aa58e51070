import type { AuthTokens, ChangePasswordBody } from '#shared/contract/auth';
import { MFA_REQUIRED_MESSAGE } from '#shared/contract/auth-mfa';
import type { User } from '#shared/contract/users';
import type { z } from 'zod';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { Forbidden, Invalid, SecondFactorRequired, Unauthorized } from '../../lib/errors.ts';
import { type PasswordCost, decoyHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import { assertStrongPassword } from '../../lib/password-strength.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { type UserRow, type UsersRepo, toUser } from '../users/index.ts';
import type { AuthEvents } from './auth-events.ts';
import type { AuthRepo } from './auth.repo.ts';
import type { ClientInfo, Sessions } from './sessions.ts';
import { createSignIn } from './sign-in.ts';
import { type AttemptKind, type LoginThrottle, THROTTLE } from './throttle.ts';
import { hashToken } from './tokens.ts';

export interface AuthDeps {
  repo: AuthRepo;
  users: UsersRepo;
  sessions: Sessions;
  throttle: LoginThrottle;
  events: AuthEvents;
  clock: Clock;
  uow: UnitOfWork;
  /** LOGIN_RATE_LIMIT: sign-in attempts per minute per address (refreshes get six times as many). */
  attemptsPerMinute: number;
  /** The challenge of a second factor the user must still give, or null when none is on. */
  secondFactorChallenge?: (user: UserRow) => Promise<string | null>;
  /** Why the user may not sign in with a password (PASSWORD_LOGIN), as the sentence to show and the reason to record; null when they may. */
  passwordRefused?: (user: UserRow) => Promise<{ sentence: string; reason: string } | null>;
  /** argon2id's cost for the hashes made here (PASSWORD_COST unless given: tests give a lower one). */
  passwordCost?: PasswordCost | undefined;
}

const INVALID_LOGIN = 'Incorrect email or password.';
const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const RESTRICTED = 'Your account has been restricted. Please contact an administrator.';
/** A rotated refresh token presented again this soon still continues its session (two tabs refreshing together). */
export const REUSE_INTERVAL_MS = 10_000;
const wrongCurrent = () => new Invalid('Your current password is not correct.', { currentPassword: 'Your current password is not correct.' });

export function createAuthService({ repo, users, sessions, throttle, events, clock, uow, attemptsPerMinute, secondFactorChallenge, passwordRefused, passwordCost }: AuthDeps) {
  const signIn = createSignIn({ users, sessions, events, clock, uow });
  const minutes = sessions.idleMinutes;
  const idleEnded = `Your session ended after ${minutes} minute${minutes === 1 ? '' : 's'} without activity. Please sign in again.`;
  const hours = sessions.maxHours;
  const maxAgeEnded = `Your session ended after ${hours} hour${hours === 1 ? '' : 's'}. Please sign in again.`;

  return {
    countAttempt: (kind: AttemptKind, address: string) => throttle.countAttempt(kind, address, kind === 'refresh' ? attemptsPerMinute * 6 : attemptsPerMinute),

    async login(email: string, password: string, client: ClientInfo): Promise<{ user: User; tokens: AuthTokens }> {
      const { address } = client;
      // Counted before the password is looked at, the same way for known and unknown accounts.
      const attempt = await throttle.reserve(email, client);
      const user = await users.findByEmail(email);
      // Unknown accounts, and accounts without a password (made by single sign-on), pay for a hash
      // check too, so timing tells nothing about either.
      const ok = (await verifyPassword(user?.passwordHash || (await decoyHash(passwordCost)), password)) && !!user?.passwordHash;
      if (!user || !ok) {
        const outcome = await throttle.failed(attempt);
        if (!user) {
          // Not audited: anyone can type any e-mail, and the trail must not grow with it.
          if (await throttle.firstUnknownThisMinute(attempt)) await events.unknownSignInFailed(attempt.client);
          if (outcome.addressLocked) await events.addressLocked(email, undefined, address);
          throw new Unauthorized(INVALID_LOGIN);
        }
        await events.signInFailed(user, address);
        if (outcome.pairLocked) await events.locked(user, address);
        if (outcome.addressLocked) await events.addressLocked(email, user, address);
        if (outcome.spreadAlert) await events.spreadAttack(user.email, THROTTLE.spreadAddresses);
        throw new Unauthorized(INVALID_LOGIN);
      }
      if (user.isRestricted) {
        await events.refused(user, address, 'the account is restricted');
        throw new Forbidden(RESTRICTED);
      }
      const refused = await passwordRefused?.(user);
      if (refused) {
        await events.refused(user, address, refused.reason);
        throw new Forbidden(refused.sentence);
      }
      // The attempt stays counted until the second factor is right too, so codes cannot be guessed freely.
      const challenge = await secondFactorChallenge?.(user);
      if (challenge) throw new SecondFactorRequired(challenge, MFA_REQUIRED_MESSAGE);
      await throttle.succeeded(attempt);
      return signIn(user, client, 'password');
    },

    async refresh(refreshToken: string, client: ClientInfo): Promise<AuthTokens> {
      const now = clock.now();
      const row = await repo.findRefresh(hashToken(refreshToken));
      const session = row && (await sessions.find(row.familyId));
      if (!row || !session || session.revokedAt || row.expiresAt <= now) throw new Unauthorized(SESSION_ENDED);
      const user = await users.findById(row.userId);
      if (!user || user.isRestricted) {
        if (user) await sessions.end(user, {}, 'restricted', null, client.address);
        throw new Unauthorized(user ? RESTRICTED : SESSION_ENDED);
      }
      const reused = async () => {
        // A rotated token came back: someone holds a copy. End every session of the user.
        await sessions.end(user, {}, 'refresh token reuse', null, client.address);
        return new Unauthorized(SESSION_ENDED);
      };
      // Used before: within the reuse interval it is a second tab that sent the same token (it
      // continues the same session); later, a copy someone kept.
      const outsideInterval = (usedAt: Date) => now.getTime() - usedAt.getTime() > REUSE_INTERVAL_MS;
      if (row.usedAt && outsideInterval(row.usedAt)) throw await reused();
      if (sessions.isTooOld(session, now)) {
        await sessions.end(user, { only: session.id }, 'maximum age', null, client.address);
        throw new Unauthorized(maxAgeEnded);
      }
      if (sessions.isIdle(session, now)) {
        await sessions.end(user, { only: session.id }, 'idle', null, client.address);
        throw new Unauthorized(idleEnded);
      }
      // Uses at once: one marks the token used, the others are within the interval by then.
      if (!row.usedAt) await repo.markUsed(row.id, now);
      return sessions.continue(user, session.id);
    },

    async logout(refreshToken: string, address: string): Promise<void> {
      const row = await repo.findRefresh(hashToken(refreshToken));
      const user = row && (await users.findById(row.userId));
      if (!row || !user) return;
      await sessions.end(user, { only: row.familyId }, 'logout', { id: user.id, email: user.email, address });
    },

    /** The user's own change: the current password proves it is them; every other session ends. */
    async changePassword(actor: AuthUser, client: ClientInfo, body: z.output<typeof ChangePasswordBody>): Promise<void> {
      const attempt = await throttle.reserve(actor.email, client);
      const user = await users.findById(actor.id);
      if (!user) throw new Unauthorized(SESSION_ENDED);
      if (!(await verifyPassword(user.passwordHash || (await decoyHash(passwordCost)), body.currentPassword)) || !user.passwordHash) {
        // Counted like a failed sign-in: a stolen access token cannot guess the password freely.
        const outcome = await throttle.failed(attempt);
        await events.passwordChangeFailed(user, actor.address);
        if (outcome.pairLocked) await events.locked(user, actor.address);
        throw wrongCurrent();
      }
      await throttle.succeeded(attempt);
      if (body.newPassword === body.currentPassword) {
        throw new Invalid('Choose a new password that differs from the current one.', { newPassword: 'Choose a new password that differs from the current one.' });
      }
      await assertStrongPassword(body.newPassword, [user.name, user.email], 'newPassword');
      const passwordHash = await hashPassword(body.newPassword, passwordCost);
      await uow(async (work) => {
        // Made only if the hash is still the one just checked: a concurrent change with the same
        // current password finds it replaced, and its current password no longer right.
        if (!(await repo.replacePasswordHash(work.tx, user.id, user.passwordHash, passwordHash, clock.now()))) throw wrongCurrent();
        const ended = await sessions.endWithin(work, user, { except: actor.sessionId }, 'password changed', actor);
        await events.passwordChanged(work, user, actor.address, ended.length);
      });
      sessions.forgetUser(user.id);
    },

    async profile(userId: string): Promise<{ user: User; passwordGenerated: boolean }> {
      const user = await users.findById(userId);
      if (!user) throw new Unauthorized(SESSION_ENDED);
      return { user: toUser(user), passwordGenerated: user.passwordGenerated };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
