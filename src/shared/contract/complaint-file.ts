import { z } from 'zod';
import { Id } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';

/** The complaint file's download name. */
export const complaintFileName = (submissionId: string) => `complaint-file-${submissionId}.pdf`;

export const complaintFileApi = defineApi('complaintFile', {
  pdf: defineEndpoint({
    method: 'GET', path: '/v1/jotforms/submission/:id/complaint-file.pdf', tag: 'Complaint file',
    summary: "The complaint file as one PDF (application/pdf): answers, follow-ups, decisions and signatures, clocks and reports, investigation, reply, Arena, owner, closure and the history; each page carries the record snapshot's SHA-256",
    access: { capability: 'submissions' }, params: z.object({ id: Id }), status: 200,
    response: z.string().describe('The PDF document'), produces: ['application/pdf'],
  }),
});
