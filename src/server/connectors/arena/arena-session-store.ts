/**
 * Where the Arena session token lives. Arena keeps one session per user and a new login revokes
 * the previous token (Arena REST API documentation, "Login"), so every portal instance must use the same token and only
 * one of them may log in when it has expired. The token is a credential: never log it.
 */
export interface ArenaSessionStore {
  /** The token the last login saved, or null. */
  read(): Promise<string | null>;
  /**
   * Runs `fn` while no other holder of this store runs it (across instances for the database
   * store) and saves the token it returns. `fn` gets the token stored at that moment, so a caller
   * that waited can see that another instance has already logged in.
   */
  renew(fn: (stored: string | null) => Promise<string>): Promise<string>;
  /**
   * Only on a store no other instance uses: forgets the token, and logout then ends the session at
   * Arena. A shared store has none, as one instance's shutdown must not end the others' session.
   */
  forget?(token: string): Promise<void>;
}

/** A store for one process (unit tests, sandbox mode): the lock is a promise chain. */
export function createMemorySessionStore(): ArenaSessionStore {
  let token: string | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    read: async () => token,
    renew(fn) {
      const run = queue.then(async () => {
        token = await fn(token);
        return token;
      });
      queue = run.catch(() => undefined);
      return run;
    },
    async forget(old) {
      if (token === old) token = null;
    },
  };
}
