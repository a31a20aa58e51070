import { reportingApi } from '#shared/contract/reporting';
import type { Route } from '../../plugins/contract.ts';
import type { ReportingService } from './reporting.service.ts';

export function reportingRoutes(route: Route, reporting: ReportingService): void {
  route(reportingApi.get, ({ params }) => reporting.get(params.id));
  route(reportingApi.decide, ({ user, params, body }) => reporting.decide(user, params.id, body));
  route(reportingApi.fileReport, ({ user, params, body }) => reporting.fileReport(user, params.id, body));
}
