import { randomBytes, randomUUID } from 'node:crypto';
import { RECOVERY_CODE_COUNT, type MfaStatus } from '#shared/contract/auth-mfa';
import type { SignInMethod } from '#shared/contract/auth';
import type { Role } from '#shared/roles';
import type { UnitOfWork } from '../../../db/unit-of-work.ts';
import type { Clock } from '../../../lib/clock.ts';
import { Conflict, Forbidden, Invalid, Unauthorized } from '../../../lib/errors.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import type { UserRow, UsersRepo } from '../../users/index.ts';
import type { AuthEvents } from '../auth-events.ts';
import { PROVIDER_PROOF_MINUTES, type Proof, type Prove } from '../proof.ts';
import type { ClientInfo } from '../sessions.ts';
import type { SignIn, SignedIn } from '../sign-in.ts';
import { type Attempt, type LoginThrottle, THROTTLE } from '../throttle.ts';
import { hashToken } from '../tokens.ts';
import { type CodeCheck, JUST_USED } from './codes.ts';
import type { MfaRepo } from './mfa.repo.ts';
import { newRecoveryCode, newTotpSecret, otpauthUrl, stepOfCode } from './totp.ts';

export interface MfaDeps {
  repo: MfaRepo;
  uow: UnitOfWork;
  users: UsersRepo;
  throttle: LoginThrottle;
  events: AuthEvents;
  signIn: SignIn;
  codes: CodeCheck;
  prove: Prove;
  clock: Clock;
  /** MFA_REQUIRED_ROLES: roles whose password sessions must give the portal's own code (or set it up) first. */
  requiredRoles?: readonly Role[];
  /** Whether the account can sign in with a password at all (it has one, and PASSWORD_LOGIN lets it). */
  passwordSignIn: (user: UserRow) => Promise<boolean>;
}

/** A password sign-in waits this long for its second factor, and takes this many wrong codes. */
export const CHALLENGE = { minutes: 5, maxFailures: 5 } as const;

/** A set-up asked again this soon (the same request sent twice) returns the secret already waiting. */
const SETUP_REUSE_MS = 10_000;

const WRONG_CODE = 'That code is not correct. Check the code and try again.';
const CHALLENGE_OVER = 'This sign-in has expired. Please sign in again.';
const RESTRICTED = 'Your account has been restricted. Please contact an administrator.';

const newCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
const stored = (codes: string[]) => codes.map((code) => ({ id: randomUUID(), code }));

/** The authenticator app (TOTP) second factor of password sign-ins: set-up, the sign-in step, new recovery codes, turning it off. */
export function createMfaService({ repo, uow, users, throttle, events, signIn, codes, prove, clock, requiredRoles = [], passwordSignIn }: MfaDeps) {
  /** A wrong code counts like a failed sign-in, with the same lock-outs and alerts. */
  async function countFailure(attempt: Attempt, user: UserRow, address: string): Promise<void> {
    const outcome = await throttle.failed(attempt);
    await events.signInFailed(user, address);
    if (outcome.pairLocked) await events.locked(user, address);
    if (outcome.addressLocked) await events.addressLocked(user.email, user, address);
    if (outcome.spreadAlert) await events.spreadAttack(user.email, THROTTLE.spreadAddresses);
  }

  return {
    async status(actor: Pick<AuthUser, 'id' | 'role' | 'sessionId'>): Promise<MfaStatus> {
      const [user, totp, viaProvider, gate, provedAt] = await Promise.all([
        users.findById(actor.id),
        repo.totp(actor.id),
        repo.viaProvider(actor.id),
        repo.enrolment(actor.id, actor.sessionId),
        repo.providerProvedAt(actor.sessionId),
      ]);
      const enabled = !!totp?.enabledAt;
      return {
        enabled,
        recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(actor.id) : 0,
        viaProvider,
        // As the enrolment gate decides it: a password session of a listed role, with no factor yet.
        required: requiredRoles.includes(actor.role) && !enabled && gate.method !== 'sso',
        passwordSignIn: !!user && (await passwordSignIn(user)),
        providerProof: !!provedAt && clock.now().getTime() - provedAt.getTime() < PROVIDER_PROOF_MINUTES * 60_000,
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

    /** The sign-in's second step: returns what a successful `POST /v1/auth/login` returns. */
    async completeSignIn(challenge: string, code: string, client: ClientInfo): Promise<SignedIn> {
      const id = hashToken(challenge);
      // Claimed before anything else: the same code sent again while it is checked finds the sign-in over, and counts nothing.
      const row = await repo.claimChallenge(id, clock.now(), CHALLENGE.maxFailures);
      if (!row) throw new Unauthorized(CHALLENGE_OVER);
      const user = await users.findById(row.userId);
      const totp = user && (await repo.totp(user.id));
      if (!user || !totp?.enabledAt) throw new Unauthorized(CHALLENGE_OVER);
      // Each code is an attempt in the sign-in throttle, counted before it is checked.
      const attempt = await throttle.reserve(user.email, client).catch(async (err: unknown) => {
        await repo.releaseChallenge(id, false);
        throw err;
      });
      const proof = await uow((work) => codes(work, user.id, totp.secret, code));
      if (proof === 'used') {
        // Right, but already used: no guess, so neither the challenge nor the throttle counts it.
        await repo.releaseChallenge(id, false);
        await throttle.withdrawn(attempt);
        throw new Unauthorized(JUST_USED);
      }
      if (!proof) {
        const failures = await repo.releaseChallenge(id, true);
        await countFailure(attempt, user, client.address);
        throw new Unauthorized(failures >= CHALLENGE.maxFailures ? `Too many wrong codes. ${CHALLENGE_OVER}` : WRONG_CODE);
      }
      if (user.isRestricted) {
        await events.refused(user, client.address, 'the account is restricted');
        throw new Forbidden(RESTRICTED);
      }
      // The sign-in is complete: the password's attempt is given back with the code's.
      await throttle.succeeded(attempt, 1);
      const method: SignInMethod = proof === 'totp' ? 'password+totp' : 'password+recovery';
      return signIn(user, client, method);
    },

    /** A new secret for the user's app, after the current password; the factor stays off until its first code is confirmed. */
    async setUp(actor: AuthUser, client: ClientInfo, given: Proof): Promise<{ secret: string; otpauthUrl: string }> {
      const secret = await prove(actor, client, given, { code: 'no', purpose: 'set up two-step verification' }, () => repo.startTotp(actor.id, newTotpSecret(), clock.now(), SETUP_REUSE_MS));
      if (!secret) throw new Conflict('Two-step verification is already on. Turn it off first to set up another app.');
      return { secret, otpauthUrl: otpauthUrl(secret, actor.email) };
    },

    /** The first right code turns the factor on, counts for this session, and returns the recovery codes, which are shown only now. */
    async confirm(actor: AuthUser, code: string): Promise<{ recoveryCodes: string[] }> {
      const totp = await repo.totp(actor.id);
      if (!totp) throw new Conflict('Start the set-up first.');
      if (totp.enabledAt) throw new Conflict('Two-step verification is already on.');
      const now = clock.now();
      const step = stepOfCode(totp.secret, code, now);
      if (step === null) throw new Invalid(WRONG_CODE, { code: WRONG_CODE });
      const recoveryCodes = newCodes();
      await uow(async ({ tx, audit }) => {
        if (!(await repo.enable(tx, actor.id, totp.stored, now))) throw new Conflict('Two-step verification is already on.');
        await repo.acceptStep(actor.id, step, tx);
        await repo.replaceRecoveryCodes(tx, actor.id, stored(recoveryCodes));
        await repo.provedWithApp(tx, actor.sessionId);
        await audit({ actor, entity: 'user', entityId: actor.id, action: 'two-step verification on' });
      });
      return { recoveryCodes };
    },

    /** New recovery codes in place of the old ones, after the password and a code: the new ones are shown only now. */
    async newRecoveryCodes(actor: AuthUser, client: ClientInfo, given: Proof): Promise<{ recoveryCodes: string[] }> {
      const recoveryCodes = newCodes();
      await prove(actor, client, given, { code: 'required', purpose: 'new recovery codes' }, async ({ tx, audit }) => {
        await repo.replaceRecoveryCodes(tx, actor.id, stored(recoveryCodes));
        await audit({ actor, entity: 'user', entityId: actor.id, action: 'recovery codes replaced' });
      });
      return { recoveryCodes };
    },

    /** Off again: the current password (or a recent provider sign-in) and a code prove it is the user, not a stolen session. */
    async turnOff(actor: AuthUser, client: ClientInfo, given: Proof): Promise<void> {
      await prove(actor, client, given, { code: 'required', purpose: 'turn off two-step verification' }, async ({ tx, audit }) => {
        await repo.remove(tx, actor.id);
        await audit({ actor, entity: 'user', entityId: actor.id, action: 'two-step verification off' });
      });
    },
  };
}
export type MfaService = ReturnType<typeof createMfaService>;
