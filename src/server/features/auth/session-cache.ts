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

export interface SessionCache<Row extends { userId: string }> {
  /**
   * The session's row: the cached one while fresh, else `load()`'s, which is kept unless a
   * session was forgotten, a user changed or trust changed while it was read (it may predate that).
   */
  row(sessionId: string, load: () => Promise<Row | undefined>): Promise<Row | undefined>;
  /** The session's last use, as just written, on its cached row (if any). */
  touched(sessionId: string, at: Date): void;
  forgetSession(sessionId: string): void;
  forgetUser(userId: string): void;
  /** A notification's payload: `s:<session id>` or `u:<user id>`. */
  notified(payload: string): void;
  trust(up: boolean): void;
  trusted(): boolean;
}

export function createSessionCache<Row extends { userId: string; lastSeenAt: Date }>(opts: { ttlMs: number; max: number; now: () => number }): SessionCache<Row> {
  const entries = new Map<string, { row: Row; at: number }>();
  let trusted = false;
  // Counts forgets, notifications and changes of trust; a row read across one of them is not kept.
  let changes = 0;
  const cache: SessionCache<Row> = {
    async row(sessionId, load) {
      const entry = trusted ? entries.get(sessionId) : undefined;
      if (entry && opts.now() - entry.at < opts.ttlMs) return entry.row;
      entries.delete(sessionId);
      const before = changes;
      const row = await load();
      if (row && trusted && before === changes) {
        if (entries.size >= opts.max) entries.delete(entries.keys().next().value!);
        entries.set(sessionId, { row, at: opts.now() });
      }
      return row;
    },
    touched(sessionId, at) {
      const entry = entries.get(sessionId);
      if (entry) entry.row = { ...entry.row, lastSeenAt: at };
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
