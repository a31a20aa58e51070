import type { Work } from '../../../db/unit-of-work.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { MfaRepo } from './mfa.repo.ts';
import { stepOfCode } from './totp.ts';

/**
 * What a code proved: the app's code of a step not used before, a recovery code not used before,
 * `used` for an app code that was right but whose step (or a later one) was already accepted
 * (typed again, or the code of the set-up just confirmed), or nothing.
 */
export type CodeOutcome = 'totp' | 'recovery' | 'used' | null;

export const JUST_USED = 'This code was just used — wait for the next one.';

/** Checks codes of a user's second factor, each used once, in the caller's transaction. */
export function createCodeCheck({ repo, clock }: { repo: Pick<MfaRepo, 'acceptStep' | 'useRecoveryCode'>; clock: Clock }) {
  return async function check({ tx, audit }: Work, userId: string, secret: string, code: string): Promise<CodeOutcome> {
    const now = clock.now();
    if (/^\d{6}$/.test(code)) {
      const step = stepOfCode(secret, code, now);
      if (step === null) return null;
      return (await repo.acceptStep(userId, step, tx)) ? 'totp' : 'used';
    }
    const ok = await repo.useRecoveryCode(tx, userId, code, now);
    if (ok) await audit({ actor: null, entity: 'user', entityId: userId, action: 'recovery code used' });
    return ok ? 'recovery' : null;
  };
}
export type CodeCheck = ReturnType<typeof createCodeCheck>;
