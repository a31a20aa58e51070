import { useQuery } from '@tanstack/react-query';
import { dashboardApi, dashboardOverviewApi } from '#shared/contract/dashboard';
import { api } from '../../lib/api-client.ts';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: ['dashboard', 'stats'] as const,
  overview: ['dashboard', 'overview'] as const,
};

/** Dashboard: 'Failed to fetch data' or 'An error occurred during fetching data'. */
export function useDashboardStats() {
  return useQuery({
    queryKey: dashboardKeys.stats,
    queryFn: ({ signal }) => api(dashboardApi.stats, { signal, fallback: { failed: 'Failed to fetch data', thrown: 'An error occurred during fetching data' } }),
    select: (data) => data.stats,
  });
}

/** The reporting-clock cards and the weekly chart (docs/product.md, Screens). */
export function useDashboardOverview() {
  return useQuery({
    queryKey: dashboardKeys.overview,
    queryFn: ({ signal }) => api(dashboardOverviewApi.overview, { signal, fallback: { failed: 'Failed to fetch data', thrown: 'An error occurred during fetching data' } }),
  });
}
