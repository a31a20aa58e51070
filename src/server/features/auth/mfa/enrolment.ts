import type { FastifyRequest } from 'fastify';
import { MFA_ENROLMENT_REQUIRED, MFA_ENROLMENT_REQUIRED_MESSAGE, mfaApi } from '#shared/contract/auth-mfa';
import { authApi } from '#shared/contract/auth';
import type { NamedEndpoint } from '#shared/contract/endpoints';
import type { Role } from '#shared/roles';
import { AppError } from '../../../lib/errors.ts';
import type { MfaRepo } from './mfa.repo.ts';

/** A session whose role needs a second factor that it has not set up: only the set-up is open to it. */
export class EnrolmentRequired extends AppError {
  constructor() {
    super(403, MFA_ENROLMENT_REQUIRED, MFA_ENROLMENT_REQUIRED_MESSAGE);
  }
}

/** What such a session may still call: who it is, and the set-up of two-step verification. */
const OPEN_DURING_ENROLMENT: readonly NamedEndpoint[] = [authApi.profile, mfaApi.status, mfaApi.setUp, mfaApi.confirm];

type Hook = (request: FastifyRequest) => Promise<void>;

/**
 * MFA_REQUIRED_ROLES (docs/security.md): after the password, a user of such a role without a
 * second factor may only set one up; every other call answers 403 `mfa_enrolment_required`.
 * Sessions begun through the identity provider leave the second factor to it. Users of other
 * roles pass without a query; none of this runs when the list is empty.
 */
export function createEnrolmentGate(requiredRoles: readonly Role[], repo: Pick<MfaRepo, 'enrolment'>): (endpoint: NamedEndpoint) => Hook | undefined {
  if (requiredRoles.length === 0) return () => undefined;
  const required = new Set(requiredRoles);
  const hook: Hook = async (request) => {
    const user = request.user;
    if (!user || !required.has(user.role)) return;
    const s = await repo.enrolment(user.id, user.sessionId);
    if (!(s.enabled || s.viaProvider || s.method === 'sso')) throw new EnrolmentRequired();
  };
  return (endpoint) => (OPEN_DURING_ENROLMENT.includes(endpoint) ? undefined : hook);
}
