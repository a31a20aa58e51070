import { z } from 'zod';
import { defineApi, defineEndpoint } from './endpoints.ts';

/** Card names, in display order (docs/product.md, Screens). */
export const STAT_NAMES = [
  'Total Users',
  'Total Submissions',
  'Total Pending Reviews',
  'Total Pending Transfers',
  'Deadline within a Week',
] as const;

export const Stat = z.object({ name: z.string(), value: z.number().int() });
export type Stat = z.infer<typeof Stat>;

export const dashboardApi = defineApi('dashboard', {
  stats: defineEndpoint({
    method: 'GET', path: '/v1/dashboard', tag: 'Dashboard', summary: 'Summary statistics for the home cards',
    access: { capability: 'submissions' }, status: 200, response: z.object({ stats: z.array(Stat) }),
  }),
});

/** One week of the dashboard chart: submissions received that week (JotForm account time), by status. */
export const WeekCount = z.object({
  /** YYYY-MM-DD, the Monday the week starts on. */
  weekStart: z.string(),
  counts: z.record(z.string(), z.number().int()),
});
export type WeekCount = z.infer<typeof WeekCount>;

/** Weeks the chart shows, the current one last. */
export const CHART_WEEKS = 12;

/** The reporting-clock cards (after the five summary cards), in display order. */
export const CLOCK_CARD_NAMES = ['Reporting overdue', 'Reporting due within 7 days'] as const;
/** The card counting reportable decisions recorded without a rationale, after the clock cards. */
export const RATIONALE_CARD_NAME = 'Decisions missing a rationale';

export const AssignedCounts = z.object({ open: z.number().int(), dueSoon: z.number().int(), overdue: z.number().int() });
export type AssignedCounts = z.infer<typeof AssignedCounts>;

export const dashboardOverviewApi = defineApi('dashboard', {
  overview: defineEndpoint({
    method: 'GET', path: '/v1/dashboard/overview', tag: 'Dashboard',
    summary: 'Reporting clocks overdue and due within 7 days, decisions missing a rationale, potential reportable events not decided yet, submissions per week for the last 12 weeks by status, your assigned complaints, and (admins) open complaints per owner',
    access: { capability: 'submissions' }, status: 200,
    response: z.object({
      /** The form the cards link to (the portal reviews one form), or null when there is none. */
      formId: z.string().nullable(),
      /** Open complaints only: a denied submission's clocks are closed. */
      clocks: z.object({ overdue: z.number().int(), dueWithin7Days: z.number().int() }),
      /** Reportable decisions recorded without a rationale. */
      rationaleMissing: z.number().int(),
      /** Open complaints flagged a potential reportable event at intake and not decided yet (docs/features/triage.md). */
      potentialReportable: z.number().int(),
      weeks: z.array(WeekCount),
      /** The signed-in user's complaints: open ones, and those whose reporting clock is due soon or overdue (docs/product.md, Owners). */
      assignedToMe: AssignedCounts,
      /** Admins only (null for others): open complaints per owner, most first, and the open ones nobody owns. */
      openPerOwner: z.object({ owners: z.array(z.object({ id: z.string(), name: z.string(), open: z.number().int() })), unowned: z.number().int() }).nullable(),
    }),
  }),
});
