/** Reportability decisions, filed reports and their clocks; other features reach it only here. */
export { type ReportingSettings, holidaysFrom, reportingDueOf, reportingFieldsOf } from './reporting-fields.ts';
export { type ReportingRepo, createReportingRepo } from './reporting.repo.ts';
export { type ReportingService, createReportingService } from './reporting.service.ts';
export { assessmentsRoutes, reportingRoutes } from './reporting.routes.ts';
export { createAssessmentsRepo } from './assessments.repo.ts';
export { createAssessmentsService } from './assessments.service.ts';
