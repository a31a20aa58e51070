/** Every route (docs/product.md, Screens), written once; links and the router both use these. */
export const paths = {
  home: '/',
  login: '/auth/login',
  /** Where the provider sends the window of a signature's sign-in back to (SSO_SIGN_PAGE). */
  ssoSign: '/auth/sso-sign',
  resetPassword: '/auth/reset-password',
  emailConfirmation: '/auth/email-confirmation',
  unauthorized: '/unauthorized',
  dashboard: '/dashboard',
  jotforms: '/dashboard/jotforms',
  jotformsEdit: '/dashboard/jotforms/edit',
  submission: '/dashboard/jotforms/submission/:id',
  /** Quality managers and admins: complaints per month by product and code, signals and their rules. */
  trends: '/dashboard/trends',
  users: '/dashboard/users',
  configurations: '/dashboard/configurations',
  fieldMapping: '/dashboard/configurations/field-mapping',
  emailConfig: '/dashboard/configurations/email-config',
  logs: '/dashboard/logs',
  /** Admins: the append-only audit trail. */
  audit: '/dashboard/audit',
  /** The signed-in user's own page (name, password, two-step verification, sessions). */
  account: '/dashboard/account',
  mail: '/dashboard/mail',
  /** Admins: the state of the connections to JotForm, Arena and the mail server. */
  integrations: '/dashboard/integrations',
} as const;

/** The details route of one submission. */
export function submissionPath(id: string): string {
  return `/dashboard/jotforms/submission/${encodeURIComponent(id)}`;
}
