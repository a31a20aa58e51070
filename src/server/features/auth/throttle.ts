import type { Clock } from '../../lib/clock.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import type { ThrottleRepo } from './throttle.repo.ts';

/**
 * Sign-in throttling that limits failures, not people (OWASP authentication guidance): an office
 * of many behind one address signs in freely, an outsider cannot lock anyone out, and guessing
 * stays slow. Numbers per issue "Sign-in that holds for a real office".
 */
export const THROTTLE = {
  /** Failures per (account, address) in the window before that pair is refused. */
  pairFailures: 5,
  /** Failures per address across accounts in the window before it is refused for the accounts it failed on. */
  addressFailures: 50,
  /** Different addresses failing on one account in the window that raise an alert (never a lock). */
  spreadAddresses: 10,
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
} as const;

const MINUTE = 60_000;

export type AttemptKind = 'login' | 'refresh';

/** What one failure set off, for the system log and audit trail. */
export interface FailureOutcome {
  pairLocked: boolean;
  addressLocked: boolean;
  /** Set when this failure made the account's failing addresses reach the alert threshold. */
  spreadAlert: boolean;
}

const keys = {
  attempts: (kind: AttemptKind, address: string) => `attempts:${kind}:${address}`,
  // The address never holds '/', so the pair key is unambiguous whatever the e-mail holds.
  pair: (email: string, address: string) => `pair:${address}/${email}`,
  address: (address: string) => `address:${address}`,
  spread: (email: string) => `spread:${email}`,
};

function secondsUntil(when: Date, now: Date): number {
  return Math.max(1, Math.ceil((when.getTime() - now.getTime()) / 1000));
}

/** One message whether or not the account exists, so a refusal tells nothing about accounts. */
function lockedOut(until: Date, now: Date): TooManyRequests {
  const seconds = secondsUntil(until, now);
  const minutes = Math.ceil(seconds / 60);
  return new TooManyRequests(`Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`, seconds);
}

export function createLoginThrottle({ repo, clock }: { repo: ThrottleRepo; clock: Clock }) {
  return {
    /** Counts one request to a sign-in endpoint, whatever its outcome; beyond `limit` a minute, 429. */
    async countAttempt(kind: AttemptKind, address: string, limit: number): Promise<void> {
      const now = clock.now();
      const counter = await repo.hit(keys.attempts(kind, address), now, { windowMs: MINUTE });
      // A new window is the moment to drop expired rows: at most once a minute per address.
      if (counter.hits === 1) await repo.prune(now);
      if (counter.hits > limit && counter.windowEndsAt) {
        const seconds = secondsUntil(counter.windowEndsAt, now);
        throw new TooManyRequests(`Too many sign-in attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`, seconds);
      }
    },

    /** Before a password is checked: refuses a locked pair, or an address locked for accounts it failed on. */
    async check(email: string, address: string): Promise<void> {
      const now = clock.now();
      const pairKey = keys.pair(email, address);
      const addressKey = keys.address(address);
      const counters = await repo.read([pairKey, addressKey], now);
      const pair = counters.get(pairKey);
      if (pair?.blockedUntil) throw lockedOut(pair.blockedUntil, now);
      const stuffing = counters.get(addressKey)?.blockedUntil;
      // Colleagues behind the same address have no failure of their own here and sign in.
      if (stuffing && pair && pair.hits > 0) throw lockedOut(stuffing, now);
    },

    async failed(email: string, address: string): Promise<FailureOutcome> {
      const now = clock.now();
      const window = { windowMs: THROTTLE.windowMs, blockMs: THROTTLE.blockMs };
      const pair = await repo.hit(keys.pair(email, address), now, { ...window, blockAt: THROTTLE.pairFailures });
      const perAddress = await repo.hit(keys.address(address), now, { ...window, blockAt: THROTTLE.addressFailures });
      // Each address counts once per window towards the account's spread of failing addresses.
      const spread = pair.hits === 1 ? await repo.hit(keys.spread(email), now, { windowMs: THROTTLE.windowMs }) : null;
      return {
        pairLocked: pair.hits === THROTTLE.pairFailures,
        addressLocked: perAddress.hits === THROTTLE.addressFailures,
        spreadAlert: spread?.hits === THROTTLE.spreadAddresses,
      };
    },

    /** The right password: the pair starts afresh (the address and account counts stay). */
    succeeded: (email: string, address: string) => repo.clear(keys.pair(email, address)),
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
