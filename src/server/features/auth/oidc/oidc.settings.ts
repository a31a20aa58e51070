import { z } from 'zod';
import type { Role } from '#shared/roles';
import { isHttpsOrLoopback } from '../../../lib/outside-url.ts';

/** Roles a provider's value may map to (a super_admin is never made by a provider). */
export const MAPPABLE_ROLES = ['member', 'staff', 'admin'] as const satisfies readonly Role[];
export type MappableRole = (typeof MAPPABLE_ROLES)[number];
export type RoleMap = ReadonlyMap<string, MappableRole>;

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const onOff = (name: string) => z.enum(['on', 'off'], { message: `${name} must be on or off` }).default('off');

/** Single sign-on settings (docs/features/single-sign-on.md); a bad value stops the start naming the variable. */
export const OIDC_SETTINGS = {
  OIDC_ISSUER: optional.refine((v) => v === undefined || (URL.canParse(v) && isHttpsOrLoopback(new URL(v))), 'OIDC_ISSUER must be an https: URL (http: only on loopback)'),
  OIDC_CLIENT_ID: optional,
  OIDC_CLIENT_SECRET: optional,
  OIDC_SCOPES: z
    .string()
    .trim()
    .default('openid email profile')
    .refine((v) => v.split(/\s+/).includes('openid'), 'OIDC_SCOPES must include openid'),
  // The spec's 'Sign in' button stays the only one that says so.
  OIDC_LABEL: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .default('Continue with single sign-on')
    .refine((v) => !/sign\s*-?\s*in/i.test(v), 'OIDC_LABEL must not contain "sign in"'),
  OIDC_ROLE_CLAIM: optional,
  OIDC_ROLE_MAP: z
    .string()
    .optional()
    .transform((v, ctx): RoleMap => {
      const map = new Map<string, MappableRole>();
      for (const pair of (v ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
        const at = pair.lastIndexOf('=');
        const value = pair.slice(0, at).trim();
        const role = pair.slice(at + 1).trim();
        if (at <= 0 || !value || !(MAPPABLE_ROLES as readonly string[]).includes(role)) {
          ctx.addIssue({ code: 'custom', message: `OIDC_ROLE_MAP must be "IdP value=role,…" with roles ${MAPPABLE_ROLES.join(', ')} (not "${pair}")` });
          return z.NEVER;
        }
        map.set(value, role as MappableRole);
      }
      return map;
    }),
  OIDC_PROVISION: onOff('OIDC_PROVISION'),
  OIDC_TRUST_EMAIL: onOff('OIDC_TRUST_EMAIL'),
  OIDC_LINK_BY_EMAIL: onOff('OIDC_LINK_BY_EMAIL').describe('on: a first single sign-on links a staff or member account with the same (verified) e-mail; off: accounts are linked from My account or by an admin'),
  OIDC_REQUIRE_MFA: onOff('OIDC_REQUIRE_MFA').describe("on: a provider sign-in counts only when its ID token's amr says a second factor was used"),
  SANDBOX_SSO: onOff('SANDBOX_SSO').describe('sandbox mode only: a demo identity provider signing in any portal user by e-mail'),
  PASSWORD_LOGIN: z
    .enum(['on', 'super_admin', 'linked'], { message: 'PASSWORD_LOGIN must be on, super_admin or linked' })
    .default('on')
    .describe('on: everyone may use a password; super_admin: only super_admins; linked: every account not linked to the identity provider'),
};

export type OidcSettings = z.output<z.ZodObject<typeof OIDC_SETTINGS>>;

/** The settings that only make sense together. `publicUrl`: the portal's address as its users reach it. */
export function checkOidcSettings(c: OidcSettings & { JOTFORM_API_KEY?: string | undefined }, publicUrl: string, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  // The flow's cookies are Secure on https; a browser would never send them back over plain http elsewhere.
  if ((c.OIDC_ISSUER || c.SANDBOX_SSO === 'on') && URL.canParse(publicUrl) && !isHttpsOrLoopback(new URL(publicUrl))) {
    issue('PUBLIC_URL', 'PUBLIC_URL must be an https: address for single sign-on (http: only on loopback)');
  }
  if (c.SANDBOX_SSO === 'on' && c.JOTFORM_API_KEY) issue('SANDBOX_SSO', 'SANDBOX_SSO=on is for sandbox mode only (without JOTFORM_API_KEY)');
  if (c.SANDBOX_SSO === 'on' && c.OIDC_ISSUER) issue('SANDBOX_SSO', 'SANDBOX_SSO=on starts its own demo provider: leave OIDC_ISSUER unset');
  if (c.OIDC_ISSUER && !c.OIDC_CLIENT_ID) issue('OIDC_CLIENT_ID', 'OIDC_CLIENT_ID is required when OIDC_ISSUER is set');
  if (c.OIDC_ISSUER && !c.OIDC_CLIENT_SECRET) issue('OIDC_CLIENT_SECRET', 'OIDC_CLIENT_SECRET is required when OIDC_ISSUER is set');
  if (!c.OIDC_ISSUER && c.SANDBOX_SSO === 'off' && c.PASSWORD_LOGIN !== 'on') issue('PASSWORD_LOGIN', `PASSWORD_LOGIN=${c.PASSWORD_LOGIN} needs single sign-on (OIDC_ISSUER)`);
  if (c.OIDC_PROVISION === 'on' && (!c.OIDC_ROLE_CLAIM || c.OIDC_ROLE_MAP.size === 0)) {
    issue('OIDC_PROVISION', 'OIDC_PROVISION=on needs OIDC_ROLE_CLAIM and OIDC_ROLE_MAP (the role of a new account)');
  }
  if (c.OIDC_ROLE_CLAIM && c.OIDC_ROLE_MAP.size === 0) issue('OIDC_ROLE_MAP', 'OIDC_ROLE_MAP is required when OIDC_ROLE_CLAIM is set');
}
