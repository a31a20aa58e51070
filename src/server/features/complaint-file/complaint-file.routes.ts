import { complaintFileApi } from '#shared/contract/complaint-file';
import { REPLIED, type Route } from '../../plugins/contract.ts';
import type { ComplaintFileService } from './complaint-file.service.ts';

export function complaintFileRoutes(route: Route, file: ComplaintFileService): void {
  route(complaintFileApi.pdf, async ({ user, params, reply }) => {
    const { fileName, pdf } = await file.pdf(user, params.id);
    reply.code(200).type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(pdf);
    return REPLIED;
  });
}
