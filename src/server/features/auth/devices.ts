import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../../lib/clock.ts';
import { type CookieWriter, cookiesOf } from '../../lib/cookies.ts';

/** A browser that has signed in to an account stays known to it this long. */
const DEVICE_DAYS = 180;
const COOKIE = { path: '/v1/auth', maxAgeSeconds: DEVICE_DAYS * 86_400, sameSite: 'Strict' } as const;

/** One cookie per account, so colleagues sharing a browser each keep theirs. */
const nameFor = (email: string) => `qp_device_${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 12)}`;

/**
 * Device cookies (OWASP's protection against lock-out): a browser that signed in to an account
 * gets a signed cookie naming that account. Its sign-ins are not held up when outsiders have used
 * up the account's failures for the hour, so guessing from elsewhere cannot lock the owner out.
 * The cookie is HttpOnly, sent only to the sign-in endpoints, and proves nothing by itself: the
 * password (and code) are still asked for.
 */
export function createDeviceCookies({ secret, clock, cookies }: { secret: string; clock: Clock; cookies: CookieWriter }) {
  const key = new TextEncoder().encode(`device-cookie:${secret}`);
  return {
    /** The Set-Cookie header value for a browser that just signed in to `email`. */
    async issue(email: string): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      const value = await new SignJWT({ e: email.toLowerCase(), d: randomBytes(12).toString('base64url') })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(now)
        .setExpirationTime(now + COOKIE.maxAgeSeconds)
        .sign(key);
      return cookies.header(nameFor(email), value, COOKIE);
    },

    /** The id of the browser's device cookie for `email` when it carries a valid one, else null. */
    async trusted(cookieHeader: string | undefined, email: string): Promise<string | null> {
      const value = cookiesOf(cookieHeader)[nameFor(email)];
      if (!value) return null;
      try {
        const { payload } = await jwtVerify<{ e: string; d: string }>(value, key, { algorithms: ['HS256'], currentDate: clock.now() });
        return payload.e === email.toLowerCase() && typeof payload.d === 'string' ? payload.d : null;
      } catch {
        return null;
      }
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
