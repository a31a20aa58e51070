/** Roles and what each may do: declared once, checked by the server and the web app alike. */
export const ROLES = ['super_admin', 'admin', 'staff', 'member'] as const;
export type Role = (typeof ROLES)[number];

/** Roles an admin may give through the Users page (super_admin is seeded only). */
export const ASSIGNABLE_ROLES = ['admin', 'staff', 'member'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

const ADMINS: readonly Role[] = ['super_admin', 'admin'];
const EVERYONE: readonly Role[] = ROLES;
/** Admins and staff: staff are the quality managers and complaint handlers who watch trends. */
const QUALITY: readonly Role[] = ['super_admin', 'admin', 'staff'];

/** What each role may do (docs/product.md, Roles). */
export const CAPABILITIES = {
  /** Dashboard, Jotforms, submission list and details, and the actions on them. */
  submissions: EVERYONE,
  /** Edit icon and Edit Form questions. */
  questions: ADMINS,
  /** Users page and users API. */
  users: ADMINS,
  /** Configurations: field mappings and notification e-mails. */
  configurations: ADMINS,
  /** System logs. */
  logs: ADMINS,
  /** The Mail page: every notification e-mail, with resend. */
  mail: ADMINS,
  /** The Integrations page: JotForm, Arena and mail connection state. */
  integrations: ADMINS,
  /** The audit trail page: every recorded change, read-only. */
  audit: ADMINS,
  /** The Trends page: complaints per month by product and code, and the signals raised (docs/features/trends.md). */
  trends: QUALITY,
  /** Setting the signal rules of the Trends page. */
  signalRules: ADMINS,
} as const satisfies Record<string, readonly Role[]>;
export type Capability = keyof typeof CAPABILITIES;

export function can(role: Role | undefined | null, capability: Capability): boolean {
  return role != null && (CAPABILITIES[capability] as readonly Role[]).includes(role);
}

export function rolesFor(capability: Capability): readonly Role[] {
  return CAPABILITIES[capability];
}

