/**
 * The access guard's session-and-user rows, kept briefly so a busy session does not cost a query
 * on every request (decision 014). Trusted only while the database's change notifications arrive
 * (`trust(true)`): a session ended or a user changed anywhere — any instance, or straight in the
 * database — is dropped from every instance's cache by a trigger's NOTIFY, and from this
 * instance's at once by the code that ends it. While notifications are not arriving the cache
 * is empty and every request asks the database, as without it.
 */
/** The channel the triggers of migration 0009 notify on: `s:<session id>` or `u:<user id>`. */
export const AUTH_CHANNEL = 'quality_portal_auth';

/** A cached row, and whether it is old enough to be read again in the background. */
export interface CacheHit<Row> {
  row: Row;
  /** Past half its time: still answered, while one background read renews it before it expires. */
  refreshDue: boolean;
}

export interface SessionCache<Row extends { userId: string }> {
  get(sessionId: string): CacheHit<Row> | undefined;
  /** Where the cache's changes stand now: taken before a row is read, handed to `set` with it. */
  mark(): number;
  /**
   * Keeps a row read from the database after `mark()` answered `since`. A row read while a
   * forget, a notification or a loss of trust happened is dropped: it may predate that change.
   */
  set(sessionId: string, row: Row, since: number): void;
  forgetSession(sessionId: string): void;
  forgetUser(userId: string): void;
  /** A notification's payload: `s:<session id>` or `u:<user id>`. */
  notified(payload: string): void;
  trust(up: boolean): void;
  trusted(): boolean;
}

export function createSessionCache<Row extends { userId: string }>(opts: { ttlMs: number; max: number; now: () => number }): SessionCache<Row> {
  const entries = new Map<string, { row: Row; at: number }>();
  let trusted = false;
  // Counts forgets, notifications and changes of trust; a row read across one of them is not kept.
  let changes = 0;
  const cache: SessionCache<Row> = {
    get(sessionId) {
      if (!trusted) return undefined;
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      const age = opts.now() - entry.at;
      if (age < opts.ttlMs) return { row: entry.row, refreshDue: age >= opts.ttlMs / 2 };
      entries.delete(sessionId);
      return undefined;
    },
    mark: () => changes,
    set(sessionId, row, since) {
      if (!trusted || since !== changes) return;
      entries.delete(sessionId);
      if (entries.size >= opts.max) entries.delete(entries.keys().next().value!);
      entries.set(sessionId, { row, at: opts.now() });
    },
    forgetSession(sessionId) {
      changes++;
      entries.delete(sessionId);
    },
    forgetUser(userId) {
      changes++;
      for (const [id, entry] of entries) if (entry.row.userId === userId) entries.delete(id);
    },
    notified(payload) {
      if (payload.startsWith('s:')) cache.forgetSession(payload.slice(2));
      else if (payload.startsWith('u:')) cache.forgetUser(payload.slice(2));
    },
    trust(up) {
      changes++;
      trusted = up;
      entries.clear();
    },
    trusted: () => trusted,
  };
  return cache;
}
