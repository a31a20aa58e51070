// The pages of this feature; app/router.tsx lazy-loads them by name from this module.
export { AuditPage } from './audit-page.tsx';
