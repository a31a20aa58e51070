import { dashboardApi, dashboardOverviewApi } from '#shared/contract/dashboard';
import type { Route } from '../../plugins/contract.ts';
import type { DashboardService } from './dashboard.service.ts';

export function dashboardRoutes(route: Route, dashboard: DashboardService): void {
  route(dashboardApi.stats, async () => ({ stats: await dashboard.stats() }));
  route(dashboardOverviewApi.overview, ({ user }) => dashboard.overview(user));
}
