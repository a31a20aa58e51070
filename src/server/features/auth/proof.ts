import type { UnitOfWork, Work } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, Conflict, Unauthorized } from '../../lib/errors.ts';
import { ERROR_CODES } from '#shared/contract/common';
import { type PasswordCost, decoyHash, verifyPassword } from '../../lib/password.ts';
import type { UserRow, UsersRepo } from '../users/index.ts';
import type { AuthEvents } from './auth-events.ts';
import { type CodeCheck, JUST_USED } from './mfa/codes.ts';
import type { MfaRepo } from './mfa/mfa.repo.ts';
import { type Attempt, type AttemptSource, type LoginThrottle, THROTTLE } from './throttle.ts';

/** A provider sign-in of the session this recent stands in for the current password. */
export const PROVIDER_PROOF_MINUTES = 5;

/** What the person gives to prove it is them: the current password, and a code from the app when one is asked for. */
export interface Proof {
  password?: string | undefined;
  code?: string | undefined;
}

/** Who asks, from which session: the proof is checked against that account and session. */
export interface Prover {
  id: string;
  sessionId: string;
}

/** `when-on`: a code when the account's second factor is on; `required`: the factor must be on (turning it off). */
export type CodeRule = 'no' | 'when-on' | 'required';

/** The proof was wrong or missing: 400 with the field to correct, as a form shows it. */
export class NotProven extends AppError {
  constructor(message: string, field: 'password' | 'code') {
    super(400, ERROR_CODES.validation, message, { [field]: message });
  }
}

export interface ProofDeps {
  users: UsersRepo;
  mfa: Pick<MfaRepo, 'totp' | 'lockTotp' | 'providerProvedAt'>;
  codes: CodeCheck;
  throttle: LoginThrottle;
  events: AuthEvents;
  clock: Clock;
  uow: UnitOfWork;
  /** argon2id's cost for the hashes made here (PASSWORD_COST unless given: tests give a lower one). */
  passwordCost?: PasswordCost | undefined;
}

/**
 * The one check that the person at the keyboard is the account's owner, not someone holding its
 * session: the current password, or a provider sign-in of this session within 5 minutes; and a
 * code (app or recovery) when `code` asks for one. Counted in the sign-in throttle exactly like a
 * sign-in: a wrong password or code is a failure, a code refused only because it was just used
 * is not. `then` runs in the transaction that used the code, so what the proof allows happens
 * with it or not at all. Used to set up and turn off two-step verification, to replace recovery
 * codes and to link single sign-on; a signing step calls it the same way.
 */
export function createProof({ users, mfa, codes, throttle, events, clock, uow, passwordCost }: ProofDeps) {
  async function countFailure(attempt: Attempt, user: UserRow, address: string, purpose: string): Promise<void> {
    const outcome = await throttle.failed(attempt);
    await events.proofFailed(user, address, purpose);
    if (outcome.pairLocked) await events.locked(user, address);
    if (outcome.addressLocked) await events.addressLocked(user.email, user, address);
    if (outcome.spreadAlert) await events.spreadAttack(user.email, THROTTLE.spreadAddresses);
  }

  return async function prove<T>(who: Prover, from: AttemptSource, given: Proof, rule: { code: CodeRule; purpose: string }, then: (work: Work, user: UserRow) => Promise<T>): Promise<T> {
    const user = await users.findById(who.id);
    if (!user) throw new Unauthorized('Your session has ended. Please sign in again.');
    const totpOn = !!(await mfa.totp(user.id))?.enabledAt;
    if (rule.code === 'required' && !totpOn) throw new Conflict('Two-step verification is not on.');
    const wantsCode = rule.code === 'required' || (rule.code === 'when-on' && totpOn);
    const both = wantsCode ? 'Your password or code is not correct.' : 'Your password is not correct.';
    // Asked for before anything is counted: a form sent without a field is not a guess.
    if (wantsCode && !given.code) throw new NotProven('Enter the code from your authenticator app.', 'code');
    if (given.password === undefined || given.password === '') {
      const since = new Date(clock.now().getTime() - PROVIDER_PROOF_MINUTES * 60_000);
      const provedAt = await mfa.providerProvedAt(who.sessionId);
      if (!provedAt || provedAt < since) throw new NotProven('Enter your current password.', 'password');
    }
    const attempt = await throttle.reserve(user.email, from);
    if (given.password) {
      // An account without a password (made by single sign-on) pays for a hash check too.
      const right = await verifyPassword(user.passwordHash || (await decoyHash(passwordCost)), given.password);
      if (!right || !user.passwordHash) {
        await countFailure(attempt, user, from.address, rule.purpose);
        throw new NotProven(both, 'password');
      }
    }
    const act = async (work: Work) => {
      try {
        return { done: await then(work, user) };
      } catch (err) {
        // The proof was right: what it allowed failed on its own (a conflict), and is no guess.
        await throttle.succeeded(attempt);
        throw err;
      }
    };
    const outcome = await uow(async (work) => {
      if (!wantsCode) return act(work);
      // The code is used and the action done under the factor's row lock: the same request sent
      // twice finds the factor as the first left it.
      const totp = await mfa.lockTotp(work.tx, user.id);
      if (!totp?.enabledAt) return { notOn: true } as const;
      const proved = await codes(work, user.id, totp.secret, given.code!);
      if (!proved || proved === 'used') return { wrong: proved } as const;
      return act(work);
    });
    if ('done' in outcome) {
      await throttle.succeeded(attempt);
      return outcome.done;
    }
    if ('notOn' in outcome) {
      await throttle.withdrawn(attempt);
      throw new Conflict('Two-step verification is not on.');
    }
    if (outcome.wrong === 'used') {
      await throttle.withdrawn(attempt);
      throw new NotProven(JUST_USED, 'code');
    }
    await countFailure(attempt, user, from.address, rule.purpose);
    throw new NotProven(both, 'code');
  };
}
export type Prove = ReturnType<typeof createProof>;
