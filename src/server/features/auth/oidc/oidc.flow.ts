import { SignJWT, jwtVerify } from 'jose';
import { SSO_START_ERRORS } from '#shared/contract/auth-sso';
import type { Clock } from '../../../lib/clock.ts';
import type { FlowChecks, FlowFailure } from './oidc.client.ts';

/**
 * What a round trip to the provider is for: a sign-in, linking the signed-in account, a fresh
 * provider sign-in of a session, or a fresh provider sign-in for one electronic signature.
 */
export type FlowPurpose = 'login' | 'link' | 'confirm' | 'sign';

/** The flow cookie's content: the provider checks, and for a link or confirmation the account and session it was started from. */
export interface Flow extends FlowChecks {
  purpose: FlowPurpose;
  userId?: string;
  sessionId?: string;
  /** A signing round trip: when it started (seconds since the epoch, the portal's clock); the provider's sign-in must not be older. */
  startedAt?: number;
}

/** The flow cookie: signed, for 10 minutes, so any instance can finish the flow. */
export const FLOW_COOKIE = { name: 'qp_oidc', path: '/v1/auth/oidc', minutes: 10 } as const;
/**
 * Set on the browser the provider sends back, with the one-time code's outcome: the code is
 * traded only together with it, so a code cannot be handed to another browser (a victim signed in
 * as the attacker).
 */
export const BROWSER_COOKIE = { name: 'qp_sso', path: '/v1/auth/oidc', seconds: 120 } as const;

/** The sentences a round trip can end with on the sign-in page or My account. */
export const SENTENCES: Record<FlowFailure | 'restricted' | 'no_role' | 'no_mfa' | 'not_linked' | 'other_browser' | 'linked_elsewhere' | 'has_other' | 'not_yours' | 'ended' | 'not_fresh', string> = {
  ...SSO_START_ERRORS,
  restricted: 'Your account is restricted. Contact an administrator.',
  no_role: 'Your organisation account has no Quality Portal role. Ask an administrator.',
  no_mfa: 'Your organisation’s sign-in did not use a second factor, which the Quality Portal requires. Sign in there with your second factor and try again.',
  not_linked:
    'Your organisation account is not linked to your Quality Portal account yet. Sign in with your password, then choose Link single sign-on on My account, or ask an administrator to link it.',
  other_browser: 'This sign-in was started in another browser. Please sign in again here.',
  linked_elsewhere: 'That organisation account is already linked to another Quality Portal account.',
  has_other: 'Your account is already linked to another organisation account. Ask an administrator to unlink it first.',
  not_yours: 'That organisation account is not the one linked to your Quality Portal account.',
  ended: 'Your session has ended. Please sign in again.',
  not_fresh: 'Your organisation’s sign-in service did not ask you to sign in again, so it cannot stand for a signature. Try again, or sign with your password.',
};
export const noAccount = (email: string | undefined) => `There is no Quality Portal account for ${email ?? 'your organisation account'}. Ask an administrator to add you.`;

/** RFC 8176 methods that are a factor beyond a password. */
const SECOND_FACTORS = new Set(['mfa', 'otp', 'hwk', 'swk', 'sms', 'tel', 'sc', 'fpt', 'face', 'iris', 'retina', 'vbm', 'pin']);

/** OIDC_REQUIRE_MFA: the ID token's `amr` says `mfa`, or names two methods of which one is beyond a password. */
export function usedSecondFactor(amr: readonly string[]): boolean {
  return amr.includes('mfa') || (new Set(amr).size >= 2 && amr.some((m) => SECOND_FACTORS.has(m)));
}

/** Signs and reads the flow cookie. */
export function flowSealer(secret: string, clock: Clock) {
  const key = new TextEncoder().encode(`oidc-flow:${secret}`);
  return {
    seal: (flow: Flow) => new SignJWT({ ...flow }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(`${FLOW_COOKIE.minutes}m`).sign(key),
    async open(value: string | undefined): Promise<Flow | undefined> {
      if (!value) return undefined;
      return jwtVerify<Flow>(value, key, { algorithms: ['HS256'], currentDate: clock.now() }).then(
        (r) => r.payload,
        () => undefined,
      );
    },
  };
}
