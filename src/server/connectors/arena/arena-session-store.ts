/**
 * Where the Arena session token lives. Arena keeps one session per user and a new login revokes
 * the previous token ("POST Log In"), so every portal instance must use the same token and only
 * one of them may log in when it has expired. The token is a credential: never log it.
 */

/** Arena refused the integration user's sign-in: no instance signs in again before `until`. */
export interface ArenaRefusal {
  /** Refused sign-ins in a row. */
  refusals: number;
  /** Arena's words, with its code. */
  message: string;
  /** Arena's error code (4001, 4081, 4083…), when it gave one. */
  code: number | null;
  until: Date;
  /** A fingerprint of the credentials refused; a sign-in with others is not held back. */
  credentials: string;
}

/** What a sign-in under the store's lock ends with: a token, or a refusal to keep. */
export type SignInOutcome = { token: string } | { refused: ArenaRefusal };

export interface ArenaSessionStore {
  /** The token the last login saved, or null. */
  read(): Promise<string | null>;
  /**
   * Runs `fn` while no other holder of this store runs it (across instances for the database
   * store) and saves what it returns: the token, or the refusal (keeping the token as it was).
   * `fn` gets the token and the refusal stored at that moment, so a caller that waited can see
   * that another instance has already logged in, or been refused.
   */
  renew(fn: (stored: string | null, refusal: ArenaRefusal | null) => Promise<SignInOutcome>): Promise<SignInOutcome>;
  /**
   * Only on a store no other instance uses: forgets the token, and logout then ends the session at
   * Arena. A shared store has none, as one instance's shutdown must not end the others' session.
   */
  forget?(token: string): Promise<void>;
}

/** A store for one process (unit tests, sandbox mode): the lock is a promise chain. */
export function createMemorySessionStore(): ArenaSessionStore {
  let token: string | null = null;
  let refusal: ArenaRefusal | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    read: async () => token,
    renew(fn) {
      const run = queue.then(async () => {
        const outcome = await fn(token, refusal);
        if ('token' in outcome) {
          token = outcome.token;
          refusal = null;
        } else refusal = outcome.refused;
        return outcome;
      });
      queue = run.catch(() => undefined);
      return run;
    },
    async forget(old) {
      if (token === old) token = null;
    },
  };
}
