/** The audit trail for admins (read, filter, export; never cleared). */
export { createAuditRepo } from './audit.repo.ts';
export { createAuditService } from './audit.service.ts';
export { auditRoutes } from './audit.routes.ts';
