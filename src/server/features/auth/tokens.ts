import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '#shared/roles';
import type { Clock } from '../../lib/clock.ts';

export interface AccessClaims {
  userId: string;
  /** The session (refresh-token family) the token belongs to; it dies with the session. */
  sessionId: string;
  role: Role;
}
export type AccessSubject = Pick<AccessClaims, 'userId' | 'sessionId'>;

const VERIFIED_MAX = 1000;

/** Short-lived signed access tokens; refresh tokens are random and only their hash is stored. */
export function createTokenSigner(secret: string, clock: Clock, accessMinutes: number) {
  const key = new TextEncoder().encode(secret);
  // Tokens already verified (oldest evicted first): every request carries one, and an HMAC
  // check through WebCrypto costs ~170 µs, a third of a list page's own time on PostgreSQL.
  // Only the signature check is remembered; the caller still loads the live session every time.
  const verified = new Map<string, { subject: AccessSubject; exp: number }>();
  return {
    async signAccess(claims: AccessClaims): Promise<{ token: string; expires: Date }> {
      const now = clock.now();
      const expires = new Date(now.getTime() + accessMinutes * 60_000);
      const token = await new SignJWT({ role: claims.role, sid: claims.sessionId, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expires.getTime() / 1000))
        .setJti(randomBytes(8).toString('hex'))
        .sign(key);
      return { token, expires };
    },
    /** The user and session of a valid, unexpired access token, or null. */
    async verifyAccess(token: string): Promise<AccessSubject | null> {
      const now = clock.now();
      // Same outcome as jwtVerify: the signature of this exact text was checked with this key,
      // and expiry is checked again on every use, as jose does (exp > now in whole seconds).
      const hit = verified.get(token);
      if (hit) return hit.exp > Math.floor(now.getTime() / 1000) ? hit.subject : null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        const subject: AccessSubject = Object.freeze({ userId: payload.sub, sessionId: payload.sid });
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value ?? '');
          verified.set(token, { subject, exp: payload.exp });
        }
        return subject;
      } catch {
        return null;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
