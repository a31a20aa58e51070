import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '#shared/contract/endpoints';
import { can, type Role } from '#shared/roles';
import { Forbidden, Unauthorized } from '../lib/errors.ts';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  permissions: string[];
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
  /** The client's address (from X-Forwarded-For when TRUST_PROXY trusts the proxy). */
  address: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** Resolves a bearer token to its live user, or null (unknown, expired, ended session, restricted). */
export type Authenticator = (token: string) => Promise<SignedInUser | null>;
type SignedInUser = Omit<AuthUser, 'address'>;

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The onRequest hook enforcing an endpoint's access rule (before the body is parsed or validated). */
export function accessGuard(access: Exclude<Access, 'public'>, authenticate: Authenticator) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearer(request);
    if (!token) throw new Unauthorized('Please sign in.');
    const user = await authenticate(token);
    if (!user) throw new Unauthorized('Your session has expired. Please sign in again.');
    request.user = { ...user, address: request.ip };
    if (access !== 'authenticated' && !can(user.role, access.capability)) throw new Forbidden('You do not have permission to do this.');
  };
}
