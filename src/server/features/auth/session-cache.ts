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
  get(sessionId: string): Row | undefined;
  set(sessionId: string, row: Row): void;
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
  const cache: SessionCache<Row> = {
    get(sessionId) {
      if (!trusted) return undefined;
      const entry = entries.get(sessionId);
      if (entry && opts.now() - entry.at < opts.ttlMs) return entry.row;
      entries.delete(sessionId);
      return undefined;
    },
    set(sessionId, row) {
      if (!trusted) return;
      if (entries.size >= opts.max) entries.delete(entries.keys().next().value!);
      entries.set(sessionId, { row, at: opts.now() });
    },
    forgetSession: (sessionId) => void entries.delete(sessionId),
    forgetUser(userId) {
      for (const [id, entry] of entries) if (entry.row.userId === userId) entries.delete(id);
    },
    notified(payload) {
      if (payload.startsWith('s:')) cache.forgetSession(payload.slice(2));
      else if (payload.startsWith('u:')) cache.forgetUser(payload.slice(2));
    },
    trust(up) {
      trusted = up;
      entries.clear();
    },
    trusted: () => trusted,
  };
  return cache;
}
