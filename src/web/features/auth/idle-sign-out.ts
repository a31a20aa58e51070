import { useEffect } from 'react';
import { authApi } from '#shared/contract/auth';
import { api, lastServerContact } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';

/** How often the idle deadline is looked at (a sleeping laptop catches up on waking). */
const CHECK_EVERY_MS = 15_000;
/** While someone types or clicks without requests, the server hears of it this often. */
const KEEP_ALIVE_EVERY_MS = 60_000;

/** A request the server counts as use; its own 401 handling ends a session that is over. */
function askServer(): void {
  void api(authApi.profile).catch(() => undefined);
}

/**
 * Automatic log-off: once the server's idle limit has passed since this tab last reached it, the
 * tab asks the server, which refuses an idle session, and the app goes to sign-in with its
 * message. Someone at the screen (keys, pointer) keeps the session in use.
 */
export function useIdleSignOut(): void {
  const idleMinutes = useSession()?.idleMinutes;
  useEffect(() => {
    if (!idleMinutes) return;
    const idleMs = idleMinutes * 60_000;
    let lastKeepAlive = 0;
    const check = () => {
      if (Date.now() - lastServerContact() >= idleMs) askServer();
    };
    const onInput = () => {
      const now = Date.now();
      if (now - lastServerContact() < KEEP_ALIVE_EVERY_MS || now - lastKeepAlive < KEEP_ALIVE_EVERY_MS) return;
      lastKeepAlive = now;
      askServer();
    };
    const onVisible = () => document.visibilityState === 'visible' && check();
    const timer = setInterval(check, CHECK_EVERY_MS);
    window.addEventListener('keydown', onInput, { passive: true });
    window.addEventListener('pointerdown', onInput, { passive: true });
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('keydown', onInput);
      window.removeEventListener('pointerdown', onInput);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [idleMinutes]);
}
