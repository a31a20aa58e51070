import { reportingApi } from '#shared/contract/reporting';
import { assessmentsApi } from '#shared/contract/reporting-assessments';
import type { Route } from '../../plugins/contract.ts';
import type { AssessmentsService } from './assessments.service.ts';
import type { ReportingService } from './reporting.service.ts';

export function reportingRoutes(route: Route, reporting: ReportingService): void {
  route(reportingApi.get, ({ params }) => reporting.get(params.id));
  route(reportingApi.decide, ({ user, params, body: { signature, ...body } }) => reporting.decide(user, params.id, body, { by: user, signature }));
  route(reportingApi.fileReport, ({ user, params, body }) => reporting.fileReport(user, params.id, body));
}

export function assessmentsRoutes(route: Route, assessments: AssessmentsService): void {
  route(assessmentsApi.questions, async ({ query }) => assessments.questions(query.version));
  route(assessmentsApi.list, ({ params }) => assessments.list(params.id));
  route(assessmentsApi.create, ({ user, params, body }) => assessments.create(user, params.id, body));
}
