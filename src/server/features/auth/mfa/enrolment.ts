import type { FastifyRequest } from 'fastify';
import { MFA_ENROLMENT_REQUIRED, MFA_ENROLMENT_REQUIRED_MESSAGE, mfaApi } from '#shared/contract/auth-mfa';
import { authApi } from '#shared/contract/auth';
import type { NamedEndpoint } from '#shared/contract/endpoints';
import type { Role } from '#shared/roles';
import { AppError, Unauthorized } from '../../../lib/errors.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import type { MfaRepo } from './mfa.repo.ts';

/** A session whose role needs a second factor that it has not set up: only the set-up is open to it. */
export class EnrolmentRequired extends AppError {
  constructor() {
    super(403, MFA_ENROLMENT_REQUIRED, MFA_ENROLMENT_REQUIRED_MESSAGE);
  }
}

const SIGN_IN_AGAIN = 'Two-step verification is on for your account. Please sign in again with your code.';

/** What such a session may still call: who it is, and the set-up of two-step verification. */
const OPEN_DURING_ENROLMENT: readonly NamedEndpoint[] = [authApi.profile, mfaApi.status, mfaApi.setUp, mfaApi.confirm];

type Hook = (request: FastifyRequest) => Promise<void>;

/** How a session was proven: its sign-in method. A provider's sign-in counts as its second factor. */
const VERIFIED: ReadonlySet<string> = new Set(['password+totp', 'password+recovery', 'sso']);

/**
 * MFA_REQUIRED_ROLES (docs/security.md): the second factor belongs to the session. A password
 * session of such a role has given the portal's own code, or set the factor up in this session;
 * one that has not may only set it up (every other call is refused with 403 `mfa_enrolment_required`),
 * whether or not the account is linked to the identity provider. A session begun through the
 * provider counts as verified. A password-only session whose account turned the factor on
 * elsewhere, or after it began, is ended: it must sign in again with the code. Users of other
 * roles pass without a query; none of this runs when the list is empty.
 */
export function createEnrolmentGate(requiredRoles: readonly Role[], repo: Pick<MfaRepo, 'enrolment'>, endSession: (user: AuthUser) => Promise<void>): (endpoint: NamedEndpoint) => Hook | undefined {
  if (requiredRoles.length === 0) return () => undefined;
  const required = new Set(requiredRoles);
  const check = async (request: FastifyRequest, openDuringSetUp: boolean) => {
    const user = request.user;
    if (!user || !required.has(user.role)) return;
    const s = await repo.enrolment(user.id, user.sessionId);
    if (s.method === 'sso' || (s.enabled && s.method !== null && VERIFIED.has(s.method))) return;
    if (s.enabled) {
      await endSession(user);
      throw new Unauthorized(SIGN_IN_AGAIN);
    }
    if (!openDuringSetUp) throw new EnrolmentRequired();
  };
  const gated: Hook = (request) => check(request, false);
  const open: Hook = (request) => check(request, true);
  return (endpoint) => (OPEN_DURING_ENROLMENT.includes(endpoint) ? open : gated);
}
