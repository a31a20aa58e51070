import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '#shared/roles';
import type { Clock } from '../../lib/clock.ts';

export interface AccessClaims {
  userId: string;
  role: Role;
}

/** Short-lived signed access tokens; refresh tokens are random and only their hash is stored. */
export function createTokenSigner(secret: string, clock: Clock, accessMinutes: number) {
  const key = new TextEncoder().encode(secret);
  return {
    async signAccess(claims: AccessClaims): Promise<{ token: string; expires: Date }> {
      const now = clock.now();
      const expires = new Date(now.getTime() + accessMinutes * 60_000);
      const token = await new SignJWT({ role: claims.role, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(expires.getTime() / 1000))
        .setJti(randomBytes(8).toString('hex'))
        .sign(key);
      return { token, expires };
    },
    /** The user id of a valid, unexpired access token, or null. */
    async verifyAccess(token: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock.now() });
        return payload.typ === 'access' && typeof payload.sub === 'string' ? payload.sub : null;
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
