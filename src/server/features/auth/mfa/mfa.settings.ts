import { z } from 'zod';
import { ROLES, type Role } from '#shared/roles';

/** Two-step verification settings (docs/security.md); a bad value stops the start naming the variable. */
export const MFA_SETTINGS = {
  MFA_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || v.length >= 32, 'MFA_KEY must be at least 32 characters')
    .describe('the key sealing authenticator seeds and keying recovery-code hashes; kept in DATA_DIR/mfa-key when unset'),
  MFA_REQUIRED_ROLES: z
    .string()
    .optional()
    .transform((v, ctx): Role[] => {
      const list = (v ?? '').split(',').map((r) => r.trim()).filter(Boolean);
      const bad = list.filter((r) => !(ROLES as readonly string[]).includes(r));
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `MFA_REQUIRED_ROLES must be a comma-separated list of roles among ${ROLES.join(', ')} (not ${bad.join(', ')})` });
        return z.NEVER;
      }
      return [...new Set(list)] as Role[];
    })
    .describe('roles whose password sign-ins must set up two-step verification before anything else'),
};
