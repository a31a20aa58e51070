/** The complaint file as a PDF; built from sections (sections.ts), so one more is one more entry. */
export { createComplaintFileService } from './complaint-file.service.ts';
export { complaintFileRoutes } from './complaint-file.routes.ts';
