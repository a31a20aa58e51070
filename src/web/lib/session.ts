import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { User } from '#shared/contract/users';

/**
 * The signed-in session: both tokens and the user, the only state that survives a reload
 * (docs/product.md, Forms). Everything else lives in TanStack Query's memory cache.
 */
export interface Session {
  accessToken: string;
  refreshToken: string;
  user: User;
  /** Minutes without a request after which the server ends the session (SESSION_IDLE_MINUTES). */
  idleMinutes?: number | undefined;
  /** Signed in through the identity provider: signing out also signs out there. */
  viaSso?: boolean | undefined;
}

export const SESSION_STORAGE_KEY = 'qp.session';
/** Auth and user state persist with a 5 second timeout between writes. */
export const PERSIST_THROTTLE_MS = 5000;

const StoredSession = z.object({ accessToken: z.string().min(1), refreshToken: z.string().min(1), user: User, idleMinutes: z.number().int().positive().optional(), viaSso: z.boolean().optional() });

export interface SessionStore {
  get(): Session | null;
  subscribe(listener: () => void): () => void;
  /** Login: stored at once so a reload right after signing in keeps the session. */
  signIn(session: Session): void;
  /**
   * Rotated tokens: stored at once, because the server revokes every session of a user when an
   * old refresh token comes back, which a reload with a stale stored token would do.
   */
  setTokens(tokens: { accessToken: string; refreshToken: string; idleMinutes?: number }): void;
  /** Profile changes (name, role): written within the throttle window. */
  setUser(user: User): void;
  /** Logout: both tokens go at once. */
  clear(): void;
  /** The server ended the session (idle, signed out elsewhere): both tokens go, the reason stays for the login page. */
  end(notice: string): void;
  /** Why the last session ended without the user signing out; null after a sign-in or sign-out. */
  notice(): string | null;
  /** Writes a pending throttled change now. */
  flush(): void;
  /** Reads the stored session again: another tab may have rotated the tokens a moment ago. */
  reload(): void;
}

export function createSessionStore(storage: Storage = window.localStorage, throttleMs = PERSIST_THROTTLE_MS): SessionStore {
  const listeners = new Set<() => void>();
  let state = read();
  let notice: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function read(): Session | null {
    try {
      const raw = storage.getItem(SESSION_STORAGE_KEY);
      if (!raw) return null;
      const parsed = StoredSession.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  function write(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    try {
      if (state) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(state));
      else storage.removeItem(SESSION_STORAGE_KEY);
    } catch {
      // Storage full or blocked (private mode): the session still works until the tab closes.
    }
  }

  function reload(): void {
    state = read();
    listeners.forEach((listener) => listener());
  }

  function set(next: Session | null, persist: 'now' | 'throttled'): void {
    state = next;
    if (persist === 'now') write();
    else timer ??= setTimeout(write, throttleMs);
    listeners.forEach((listener) => listener());
  }

  if (typeof window !== 'undefined') {
    // Another tab signed in, rotated the tokens or signed out: follow it, so two tabs never
    // present the same refresh token twice.
    window.addEventListener('storage', (event) => {
      if (event.key === SESSION_STORAGE_KEY || event.key === null) reload();
    });
    // A throttled write must not be lost when the tab goes away.
    window.addEventListener('pagehide', () => timer && write());
  }

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn(session) {
      notice = null;
      set(session, 'now');
    },
    setTokens(tokens) {
      if (state) set({ ...state, ...tokens }, 'now');
    },
    setUser(user) {
      if (state) set({ ...state, user }, 'throttled');
    },
    clear() {
      notice = null;
      set(null, 'now');
    },
    end(reason) {
      notice = reason;
      set(null, 'now');
    },
    notice: () => notice,
    flush: () => timer && write(),
    reload,
  };
}

export const session = createSessionStore();

export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/** The reason the last session ended on its own, for the login page (kept in memory only). */
export function useSessionNotice(): string | null {
  return useSyncExternalStore(session.subscribe, session.notice, session.notice);
}

export function useCurrentUser(): User | null {
  return useSession()?.user ?? null;
}
