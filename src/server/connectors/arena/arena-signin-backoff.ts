import { createHash } from 'node:crypto';
import { ArenaError } from './arena-errors.ts';
import type { ArenaRefusal } from './arena-session-store.ts';

const FIRST_MS = 5 * 60_000;
const LONGEST_MS = 60 * 60_000;

/**
 * A few hex digits of a hash of the password: enough to see that it changed (which clears the
 * back-off), too few to help anyone guess it from the database.
 */
export function credentialsFingerprint(password: string): string {
  return createHash('sha256').update(password).digest('hex').slice(0, 6);
}

/**
 * The back-off after a refused sign-in: 5 minutes, doubling with each refusal in a row up to an
 * hour. Its shortest, 5 minutes, is also how long Arena disables the account after too many bad
 * passwords (4083), so the next try never meets that lock.
 * @example refusalAfter(null, error4001, new Date('2026-11-26T14:00:00Z'), 'ab12cd').until // → 14:05 UTC
 */
export function refusalAfter(previous: ArenaRefusal | null, error: ArenaError, now: Date, credentials: string): ArenaRefusal {
  const refusals = (previous?.refusals ?? 0) + 1;
  const waitMs = Math.min(FIRST_MS * 2 ** (refusals - 1), LONGEST_MS);
  const code = error.codes[0] ?? null;
  return { refusals, message: error.message, code, until: new Date(now.getTime() + waitMs), credentials };
}

/** Said for every Arena call during a back-off, by the transfer, the Integrations page and the system log. */
export function pausedMessage(refusal: ArenaRefusal): string {
  const code = refusal.code === null ? '' : ` (${refusal.code})`;
  return `Arena refused the integration user's sign-in${code}; next try at ${refusal.until.toISOString().slice(11, 16)} UTC.`;
}

export function pausedError(refusal: ArenaRefusal): ArenaError {
  return new ArenaError('signin_paused', pausedMessage(refusal), null, refusal.code === null ? [] : [refusal.code], refusal.message);
}
