import type { Clock } from '../../lib/clock.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import { clientKey } from './client-key.ts';
import type { ThrottleRepo } from './throttle.repo.ts';

/**
 * Sign-in throttling that limits failures, not people (docs/security.md, "Sign-in"): an office
 * of many behind one address signs in freely, an outsider cannot lock anyone out, and guessing
 * stays slow. Every attempt is counted before its password is checked and given back when the
 * password is right, so parallel guesses are decided one by one.
 */
export const THROTTLE = {
  /** Attempts per (account, client) in the window; the last of them locks that pair. */
  pairFailures: 5,
  /** Failures per client across accounts in the window before it is refused for the accounts it failed on. */
  addressFailures: 50,
  /** Different clients failing on one account in the window that raise an alert (never a lock). */
  spreadAddresses: 10,
  /** Attempts on one account from any clients in the window before each one waits its turn. */
  accountFailures: 20,
  /** The first wait once an account is slowed, doubling with each attempt up to the longest. */
  accountFirstWaitMs: 1000,
  accountLongestWaitMs: 10_000,
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
} as const;

const MINUTE = 60_000;

export type AttemptKind = 'login' | 'refresh';

/** An attempt allowed to check a password: its pair's count, and the keys to give back if it succeeds. */
export interface Attempt {
  email: string;
  client: string;
  pairHits: number;
}

/** What one failure set off, for the system log and audit trail. */
export interface FailureOutcome {
  pairLocked: boolean;
  addressLocked: boolean;
  /** Set when this failure made the account's failing clients reach the alert threshold. */
  spreadAlert: boolean;
}

const keys = {
  attempts: (kind: AttemptKind, client: string) => `attempts:${kind}:${client}`,
  // The client key never holds a space, so the pair key is unambiguous whatever the e-mail holds.
  pair: (email: string, client: string) => `pair:${client} ${email}`,
  address: (client: string) => `address:${client}`,
  spread: (email: string) => `spread:${email}`,
  account: (email: string) => `account:${email}`,
};

function secondsUntil(when: Date, now: Date): number {
  return Math.max(1, Math.ceil((when.getTime() - now.getTime()) / 1000));
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** One message whether or not the account exists, so a refusal tells nothing about accounts. */
function lockedOut(until: Date | null | undefined, now: Date): TooManyRequests {
  const seconds = until ? secondsUntil(until, now) : 1;
  return new TooManyRequests(`Too many failed sign-in attempts. Please wait ${plural(Math.ceil(seconds / 60), 'minute')} and try again.`, seconds);
}

function slowedDown(until: Date | null | undefined, now: Date): TooManyRequests {
  const seconds = until ? secondsUntil(until, now) : 1;
  return new TooManyRequests(`Too many failed sign-in attempts. Please wait ${plural(seconds, 'second')} and try again.`, seconds);
}

export function createLoginThrottle({ repo, clock }: { repo: ThrottleRepo; clock: Clock }) {
  return {
    /** Counts one request to a sign-in endpoint, whatever its outcome; beyond `limit` a minute, 429. */
    async countAttempt(kind: AttemptKind, address: string, limit: number): Promise<void> {
      const now = clock.now();
      const counter = await repo.hit(keys.attempts(kind, clientKey(address)), now, { windowMs: MINUTE });
      // A new window is the moment to drop expired rows: at most once a minute per client.
      if (counter.hits === 1) await repo.prune(now);
      if (counter.hits > limit && counter.windowEndsAt) {
        const seconds = secondsUntil(counter.windowEndsAt, now);
        throw new TooManyRequests(`Too many sign-in attempts. Please wait ${plural(seconds, 'second')} and try again.`, seconds);
      }
    },

    /**
     * Before a password is checked: counts the attempt against its pair and its account, or
     * refuses it (a locked pair, a client locked for accounts it failed on, an account whose
     * next turn has not come). In one transaction, so a refusal counts nothing.
     */
    async reserve(email: string, address: string): Promise<Attempt> {
      const now = clock.now();
      const client = clientKey(address);
      const pairKey = keys.pair(email, client);
      const accountKey = keys.account(email);
      return repo.atomically(async (q) => {
        const pair = await repo.take(q, pairKey, now, { windowMs: THROTTLE.windowMs, blockAt: THROTTLE.pairFailures, blockMs: THROTTLE.blockMs, maxBlockMs: THROTTLE.blockMs });
        if (!pair) throw lockedOut((await repo.read([pairKey], now, q)).get(pairKey)?.blockedUntil, now);
        const stuffing = (await repo.read([keys.address(client)], now, q)).get(keys.address(client))?.blockedUntil;
        // Colleagues behind the same address have no earlier failure of their own here and sign in.
        if (stuffing && pair.hits > 1) throw lockedOut(stuffing, now);
        const account = await repo.take(q, accountKey, now, {
          windowMs: THROTTLE.windowMs,
          blockAt: THROTTLE.accountFailures,
          blockMs: THROTTLE.accountFirstWaitMs,
          maxBlockMs: THROTTLE.accountLongestWaitMs,
        });
        if (!account) throw slowedDown((await repo.read([accountKey], now, q)).get(accountKey)?.blockedUntil, now);
        return { email, client, pairHits: pair.hits };
      });
    },

    /** The password was wrong: counts it against the client across accounts and the account's spread of clients. */
    async failed(attempt: Attempt): Promise<FailureOutcome> {
      const now = clock.now();
      const window = { windowMs: THROTTLE.windowMs, blockMs: THROTTLE.blockMs };
      const perAddress = await repo.hit(keys.address(attempt.client), now, { ...window, blockAt: THROTTLE.addressFailures });
      // Each client counts once per window towards the account's spread of failing clients.
      const spread = attempt.pairHits === 1 ? await repo.hit(keys.spread(attempt.email), now, { windowMs: THROTTLE.windowMs }) : null;
      return {
        pairLocked: attempt.pairHits === THROTTLE.pairFailures,
        addressLocked: perAddress.hits === THROTTLE.addressFailures,
        spreadAlert: spread?.hits === THROTTLE.spreadAddresses,
      };
    },

    /** The right password: the pair starts afresh and the account gets its attempt back. */
    async succeeded(attempt: Attempt): Promise<void> {
      await repo.clear(keys.pair(attempt.email, attempt.client));
      await repo.untake(keys.account(attempt.email));
    },

    /** Counts a failure for an e-mail with no account; true for the client's first one in the minute. */
    firstUnknownThisMinute: async (attempt: Attempt): Promise<boolean> => (await repo.countUnknown(attempt.client, clock.now())) === 1,
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
