import { randomBytes, randomUUID } from 'node:crypto';
import { RECOVERY_CODE_COUNT, type MfaStatus } from '#shared/contract/auth-mfa';
import type { SignInMethod } from '#shared/contract/auth';
import type { Role } from '#shared/roles';
import type { UnitOfWork, Work } from '../../../db/unit-of-work.ts';
import type { Clock } from '../../../lib/clock.ts';
import { Conflict, Forbidden, Invalid, Unauthorized } from '../../../lib/errors.ts';
import { verifyPassword } from '../../../lib/password.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import type { UserRow, UsersRepo } from '../../users/index.ts';
import type { AuthEvents } from '../auth-events.ts';
import type { ClientInfo } from '../sessions.ts';
import type { SignIn, SignedIn } from '../sign-in.ts';
import { type Attempt, type LoginThrottle, THROTTLE } from '../throttle.ts';
import { hashToken } from '../tokens.ts';
import type { MfaRepo } from './mfa.repo.ts';
import { newRecoveryCode, newTotpSecret, otpauthUrl, stepOfCode } from './totp.ts';

export interface MfaDeps {
  repo: MfaRepo;
  uow: UnitOfWork;
  users: UsersRepo;
  throttle: LoginThrottle;
  events: AuthEvents;
  signIn: SignIn;
  clock: Clock;
  /** MFA_REQUIRED_ROLES: roles whose password sign-ins must set up a second factor first. */
  requiredRoles?: readonly Role[];
}

/** A password sign-in waits this long for its second factor, and takes this many wrong codes. */
export const CHALLENGE = { minutes: 5, maxFailures: 5 } as const;

/** A set-up asked again this soon (the same request sent twice) answers the secret already waiting. */
const SETUP_REUSE_MS = 10_000;

const WRONG_CODE = 'That code is not correct. Check the code and try again.';
const CHALLENGE_OVER = 'This sign-in has expired. Please sign in again.';
const RESTRICTED = 'Your account has been restricted. Please contact an administrator.';

/** Recovery codes are typed with or without their dash, in any case. */
const recoveryHash = (code: string) => hashToken(code.replace(/-/g, '').toLowerCase());

/** The authenticator app (TOTP) second factor of password sign-ins: set-up, the sign-in step, turning it off. */
export function createMfaService({ repo, uow, users, throttle, events, signIn, clock, requiredRoles = [] }: MfaDeps) {
  /** Checks a code of the user's app (each time step once) or one of their recovery codes (each once), in the caller's transaction. */
  async function provesIn({ tx, audit }: Work, userId: string, secret: string, code: string): Promise<'totp' | 'recovery' | null> {
    const now = clock.now();
    if (/^\d{6}$/.test(code)) {
      const step = stepOfCode(secret, code, now);
      return step !== null && (await repo.acceptStep(userId, step, tx)) ? 'totp' : null;
    }
    const ok = await repo.useRecoveryCode(tx, userId, recoveryHash(code), now);
    if (ok) await audit({ actor: null, entity: 'user', entityId: userId, action: 'recovery code used' });
    return ok ? 'recovery' : null;
  }
  const proves = (userId: string, secret: string, code: string) => uow((work) => provesIn(work, userId, secret, code));

  /** A wrong password or code counts like a failed sign-in, with the same lock-outs and alerts. */
  async function countFailure(attempt: Attempt, user: UserRow, address: string): Promise<void> {
    const outcome = await throttle.failed(attempt);
    await events.signInFailed(user, address);
    if (outcome.pairLocked) await events.locked(user, address);
    if (outcome.addressLocked) await events.addressLocked(user.email, user, address);
    if (outcome.spreadAlert) await events.spreadAttack(user.email, THROTTLE.spreadAddresses);
  }

  return {
    async status(actor: Pick<AuthUser, 'id' | 'role'>): Promise<MfaStatus> {
      const [totp, viaProvider] = await Promise.all([repo.totp(actor.id), repo.viaProvider(actor.id)]);
      return {
        enabled: !!totp?.enabledAt,
        recoveryCodesLeft: totp?.enabledAt ? await repo.recoveryCodesLeft(actor.id) : 0,
        viaProvider,
        required: requiredRoles.includes(actor.role) && !viaProvider,
      };
    },

    /** A challenge for a right password when the user has the second factor on; null when not. */
    async challengeFor(user: UserRow): Promise<string | null> {
      const totp = await repo.totp(user.id);
      if (!totp?.enabledAt) return null;
      const now = clock.now();
      await repo.pruneChallenges(now);
      const challenge = randomBytes(32).toString('base64url');
      await repo.insertChallenge({ id: hashToken(challenge), userId: user.id, expiresAt: new Date(now.getTime() + CHALLENGE.minutes * 60_000) });
      return challenge;
    },

    /** The sign-in's second step: answers what a successful `POST /v1/auth/login` answers. */
    async completeSignIn(challenge: string, code: string, client: ClientInfo): Promise<SignedIn> {
      const id = hashToken(challenge);
      // Claimed before anything else: the same code sent again while it is checked finds the sign-in over, and counts nothing.
      const row = await repo.claimChallenge(id, clock.now(), CHALLENGE.maxFailures);
      if (!row) throw new Unauthorized(CHALLENGE_OVER);
      const user = await users.findById(row.userId);
      const totp = user && (await repo.totp(user.id));
      if (!user || !totp?.enabledAt) throw new Unauthorized(CHALLENGE_OVER);
      // Each code is an attempt in the sign-in throttle, counted before it is checked.
      const attempt = await throttle.reserve(user.email, client.address).catch(async (err: unknown) => {
        await repo.releaseChallenge(id, false);
        throw err;
      });
      const proof = await proves(user.id, totp.secret, code);
      if (!proof) {
        const failures = await repo.releaseChallenge(id, true);
        await countFailure(attempt, user, client.address);
        throw new Unauthorized(failures >= CHALLENGE.maxFailures ? `Too many wrong codes. ${CHALLENGE_OVER}` : WRONG_CODE);
      }
      if (user.isRestricted) {
        await events.refused(user, client.address, 'the account is restricted');
        throw new Forbidden(RESTRICTED);
      }
      await throttle.succeeded(attempt);
      const method: SignInMethod = proof === 'totp' ? 'password+totp' : 'password+recovery';
      return signIn(user, client, method);
    },

    /** A new secret for the user's app; the factor stays off until its first code is confirmed. */
    async setUp(actor: AuthUser): Promise<{ secret: string; otpauthUrl: string }> {
      // The organisation's identity provider keeps the second factor of the accounts signing in there.
      if (await repo.viaProvider(actor.id)) throw new Conflict('Your organisation’s sign-in service keeps your two-step verification.');
      const secret = await repo.startTotp(actor.id, newTotpSecret(), clock.now(), SETUP_REUSE_MS);
      if (!secret) throw new Conflict('Two-step verification is already on. Turn it off first to set up another app.');
      return { secret, otpauthUrl: otpauthUrl(secret, actor.email) };
    },

    /** The first right code turns the factor on and answers the recovery codes, which are shown only now. */
    async confirm(actor: AuthUser, code: string): Promise<{ recoveryCodes: string[] }> {
      const totp = await repo.totp(actor.id);
      if (!totp) throw new Conflict('Start the set-up first.');
      if (totp.enabledAt) throw new Conflict('Two-step verification is already on.');
      const now = clock.now();
      const step = stepOfCode(totp.secret, code, now);
      if (step === null) throw new Invalid(WRONG_CODE, { code: WRONG_CODE });
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await uow(async ({ tx, audit }) => {
        if (!(await repo.enable(tx, actor.id, totp.secret, now))) throw new Conflict('Two-step verification is already on.');
        await repo.acceptStep(actor.id, step, tx);
        await repo.replaceRecoveryCodes(tx, actor.id, recoveryCodes.map((c) => ({ id: randomUUID(), codeHash: recoveryHash(c) })));
        await audit({ actor, entity: 'user', entityId: actor.id, action: 'two-step verification on' });
      });
      return { recoveryCodes };
    },

    /** Off again: the current password and a code (or recovery code) prove it is the user, not a stolen session. */
    async turnOff(actor: AuthUser, password: string, code: string): Promise<void> {
      const notOn = () => new Conflict('Two-step verification is not on.');
      const user = await users.findById(actor.id);
      const totp = await repo.totp(actor.id);
      if (!user) throw new Unauthorized('Your session has ended. Please sign in again.');
      if (!totp?.enabledAt) throw notOn();
      const attempt = await throttle.reserve(actor.email, actor.address);
      const passwordRight = await verifyPassword(user.passwordHash, password);
      // The code is used and the factor removed under the factor's row lock: the same request sent
      // twice finds it off, as a repeat does, and counts no failure.
      const outcome = !passwordRight
        ? 'wrong'
        : await uow(async (work) => {
            const locked = await repo.lockTotp(work.tx, actor.id);
            if (!locked?.enabledAt) return 'not on';
            if (!(await provesIn(work, user.id, locked.secret, code))) return 'wrong';
            await repo.remove(work.tx, actor.id);
            await work.audit({ actor, entity: 'user', entityId: actor.id, action: 'two-step verification off' });
            return 'off';
          });
      if (outcome === 'wrong') {
        await countFailure(attempt, user, actor.address);
        const message = 'Your password or code is not correct.';
        throw new Invalid(message, { code: message });
      }
      await throttle.succeeded(attempt);
      if (outcome === 'not on') throw notOn();
    },
  };
}
export type MfaService = ReturnType<typeof createMfaService>;
