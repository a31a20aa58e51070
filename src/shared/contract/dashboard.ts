import { z } from 'zod';
import { defineEndpoint } from './endpoints.ts';

/** Card names, in display order (DESIGN §3). */
export const STAT_NAMES = [
  'Total Users',
  'Total Submissions',
  'Total Pending Reviews',
  'Total Pending Transfers',
  'Deadline within a Week',
] as const;

export const Stat = z.object({ name: z.string(), value: z.number().int() });
export type Stat = z.infer<typeof Stat>;

export const dashboardApi = {
  stats: defineEndpoint({
    method: 'GET', path: '/v1/dashboard', tag: 'Dashboard', summary: 'Summary statistics for the home cards',
    access: { capability: 'submissions' }, status: 200, response: z.object({ stats: z.array(Stat) }),
  }),
} as const;
