import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * Resolves a bearer token to its live user, or null (unknown, expired, ended session, restricted).
 * It answers at once when it can from memory (the usual case of a busy session), else a promise.
 */
export type Authenticator = (token: string) => SignedInUser | null | Promise<SignedInUser | null>;
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

const asError = (err: unknown): Error => (err instanceof Error ? err : new Error(String(err)));

/**
 * The onRequest hook enforcing an endpoint's access rule (before the body is parsed or validated),
 * or none for a public endpoint. A callback hook, not an async one: a request whose sign-in check
 * is answered from memory goes on without a promise or a turn of the microtask queue.
 */
export function accessGuard(access: Exclude<Access, 'public'>, authenticate: Authenticator) {
  const admit = (request: FastifyRequest, user: SignedInUser | null): Error | undefined => {
    if (!user) return new Unauthorized('Your session has expired. Please sign in again.');
    request.user = { ...user, address: request.ip };
    if (access !== 'authenticated' && !can(user.role, access.capability)) return new Forbidden('You do not have permission to do this.');
    return undefined;
  };
  return (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void => {
    const token = bearer(request);
    if (!token) return done(new Unauthorized('Please sign in.'));
    let user: ReturnType<Authenticator>;
    try {
      user = authenticate(token);
    } catch (err) {
      return done(asError(err));
    }
    if (user instanceof Promise) {
      user.then((u) => admit(request, u)).then(done, (err: unknown) => done(asError(err)));
      return;
    }
    done(admit(request, user));
  };
}
