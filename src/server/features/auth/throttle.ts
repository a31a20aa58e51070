import type { Clock } from '../../lib/clock.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import { clientKey } from './client-key.ts';
import type { DeviceCookies } from './devices.ts';
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
  /** Failures on one account in an hour from browsers it has not signed in from; then those are refused for the hour. */
  untrustedFailures: 100,
  /** Failures in an hour through one device cookie before that browser counts as unknown too. */
  deviceFailures: 10,
  hourMs: 60 * 60_000,
  windowMs: 15 * 60_000,
  blockMs: 15 * 60_000,
} as const;

const MINUTE = 60_000;

/** What a request to an anonymous sign-in endpoint is counted as: a sign-in, a refresh, or a step of a single sign-on round trip. */
export type AttemptKind = 'login' | 'refresh' | 'sso';

/** An attempt allowed to check a password: its pair's count, and the keys to give back if it succeeds. */
export interface Attempt {
  email: string;
  client: string;
  pairHits: number;
  /** The key the hourly cap counted it under: the browser's device cookie, or the account's unknown browsers. */
  hourly: string;
  /** This attempt reached the hourly cap (and blocked its key). */
  hourlyFull: boolean;
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
  untrusted: (email: string) => `untrusted:${email}`,
  device: (id: string) => `device:${id}`,
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

/** Where an attempt comes from: the client address, and the browser's cookies (its device cookie). */
export interface AttemptSource {
  address: string;
  cookies?: string | undefined;
}

export function createLoginThrottle({ repo, clock, devices }: { repo: ThrottleRepo; clock: Clock; devices?: DeviceCookies }) {
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
     * Before a password (or code) is checked: counts the attempt against its pair, its account
     * and the hourly cap, or refuses it (a locked pair, a client locked for accounts it failed on,
     * an account whose next turn has not come, an hour's failures from unknown browsers used up).
     * A browser with a valid device cookie for this account (devices.ts) counts apart from unknown
     * browsers. In one transaction, so a refusal counts nothing.
     */
    async reserve(email: string, from: AttemptSource): Promise<Attempt> {
      const device = devices ? await devices.trusted(from.cookies, email) : null;
      const now = clock.now();
      const client = clientKey(from.address);
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
        const hour = { windowMs: THROTTLE.hourMs, blockMs: THROTTLE.hourMs, maxBlockMs: THROTTLE.hourMs };
        // A known browser that keeps failing loses its standing and is counted with the unknown ones.
        const known = device && (await repo.take(q, keys.device(device), now, { ...hour, blockAt: THROTTLE.deviceFailures })) ? keys.device(device) : null;
        if (known) return { email, client, pairHits: pair.hits, hourly: known, hourlyFull: false };
        const hourly = keys.untrusted(email);
        const untrusted = await repo.take(q, hourly, now, { ...hour, blockAt: THROTTLE.untrustedFailures });
        if (!untrusted) throw lockedOut((await repo.read([hourly], now, q)).get(hourly)?.blockedUntil, now);
        return { email, client, pairHits: pair.hits, hourly, hourlyFull: untrusted.hits === THROTTLE.untrustedFailures };
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

    /**
     * The right password (or code): the pair starts afresh and the account gets its attempt back,
     * with `earlier` attempts of the same sign-in before it (a right code gives back its password's).
     */
    async succeeded(attempt: Attempt, earlier = 0): Promise<void> {
      await repo.clear(keys.pair(attempt.email, attempt.client));
      for (let i = 0; i <= earlier; i++) {
        await repo.untake(keys.account(attempt.email));
        await repo.untake(attempt.hourly, attempt.hourlyFull);
      }
    },

    /** Neither right nor wrong (a code refused only because it was just used): every count it took is given back, and any lock it set. */
    async withdrawn(attempt: Attempt): Promise<void> {
      await repo.untake(keys.pair(attempt.email, attempt.client), attempt.pairHits === THROTTLE.pairFailures);
      await repo.untake(keys.account(attempt.email));
      await repo.untake(attempt.hourly, attempt.hourlyFull);
    },

    /** Counts a failure for an e-mail with no account; true for the client's first one in the minute. */
    firstUnknownThisMinute: async (attempt: Attempt): Promise<boolean> => (await repo.countUnknown(attempt.client, clock.now())) === 1,
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
