import type { CLOCK_CARD_NAMES, RATIONALE_CARD_NAME, STAT_NAMES } from '#shared/contract/dashboard';
import type { TRIAGE_CARD_NAME } from '#shared/contract/triage';
import type { Role } from '#shared/roles';
import { can } from '#shared/roles';
import { paths } from '../../app/paths.ts';

type CardName = (typeof STAT_NAMES)[number] | (typeof CLOCK_CARD_NAMES)[number] | typeof RATIONALE_CARD_NAME | typeof TRIAGE_CARD_NAME;

const list = (query: Record<string, string> = {}) => {
  const search = new URLSearchParams(query).toString();
  return `${paths.jotforms}${search ? `?${search}` : ''}`;
};

/**
 * Where each card leads: the list filtered to what it counts (the portal reviews one form, so
 * Total Submissions is that form's list). "Reporting due within 7 days" leads to the clocks due
 * soon (≤ 3 days left): the list has no 7-day clock filter (decision 026).
 */
const LINKS: Record<CardName, { to: string; capability?: 'users' }> = {
  'Total Users': { to: paths.users, capability: 'users' },
  'Total Submissions': { to: list() },
  'Total Pending Reviews': { to: list({ status: 'Pending Review' }) },
  'Total Pending Transfers': { to: list({ status: 'Pending Transfer' }) },
  'Deadline within a Week': { to: list({ deadline: 'week' }) },
  'Reporting overdue': { to: list({ clock: 'overdue' }) },
  'Reporting due within 7 days': { to: list({ clock: 'due_within_7_days' }) },
  'Decisions missing a rationale': { to: list({ rationale: 'missing' }) },
  // What the card counts: flagged at intake, not decided yet, not closed.
  'Potential reportable events': { to: list({ triage: 'potential', decision: 'undecided', closure: 'open' }) },
};

/** The card's link for this role, or null (an unknown card, or a page the role may not open). */
export function cardLink(name: string, role: Role | undefined): string | null {
  const link = (LINKS as Record<string, { to: string; capability?: 'users' }>)[name];
  if (!link) return null;
  if (link.capability && !can(role, link.capability)) return null;
  return link.to;
}
