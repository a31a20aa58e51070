import type { Capability } from '#shared/roles';
import type { IconName } from '../../ui/icons.tsx';
import { paths } from '../paths.ts';

export interface NavItem {
  label: string;
  to: string;
  icon: IconName;
  capability: Capability;
  /** Only the exact path highlights it (the dashboard index). */
  end?: boolean;
}

/** Sidebar, in order (the audit trail beside Logs), then Mail and Integrations; each entry shows only to roles holding its capability (docs/product.md, Roles). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard, icon: 'home', capability: 'submissions', end: true },
  { label: 'Jotforms', to: paths.jotforms, icon: 'document', capability: 'submissions' },
  { label: 'Trends', to: paths.trends, icon: 'chart', capability: 'trends' },
  { label: 'Users', to: paths.users, icon: 'users', capability: 'users' },
  { label: 'Configurations', to: paths.configurations, icon: 'adjustments', capability: 'configurations' },
  { label: 'Logs', to: paths.logs, icon: 'list', capability: 'logs' },
  { label: 'Audit trail', to: paths.audit, icon: 'lock', capability: 'audit' },
  { label: 'Mail', to: paths.mail, icon: 'envelope', capability: 'mail' },
  { label: 'Integrations', to: paths.integrations, icon: 'link', capability: 'integrations' },
];
