import { Readable } from 'node:stream';
import { CSV_FILE_NAME, submissionsApi } from '#shared/contract/submissions';
import { ANSWERED, type Route } from '../../plugins/contract.ts';
import type { SubmissionsService } from './submissions.service.ts';
import type { SubmissionSync } from './submissions.sync.ts';

export function submissionsRoutes(route: Route, submissions: SubmissionsService, sync: SubmissionSync): void {
  route(submissionsApi.forms, async () => ({ results: await submissions.forms() }));
  route(submissionsApi.list, ({ user, params, query }) => submissions.list(user, params.formId, query));
  route(submissionsApi.exportCsv, async ({ user, params, query, request, reply }) => {
    const csv = await submissions.exportCsv(user, params.formId, query);
    const accept = request.headers.accept ?? '';
    if (accept.includes('application/json') && !accept.includes('text/csv')) {
      let results = '';
      for await (const chunk of csv) results += chunk;
      return { results };
    }
    reply
      .code(200)
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${CSV_FILE_NAME}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(csv));
    return ANSWERED;
  });
  route(submissionsApi.get, ({ user, params }) => submissions.get(user, params.id));
  route(submissionsApi.createFollowup, async ({ user, params, body: { followup, ...attempt } }) => ({ results: await submissions.setFollowup(user, params.id, followup, attempt) }));
  route(submissionsApi.followups, async ({ params }) => ({ results: await submissions.followups(params.id) }));
  route(submissionsApi.addFollowup, async ({ user, params, body: { text, ...attempt } }) => ({ results: await submissions.addFollowup(user, params.id, text, attempt) }));
  route(submissionsApi.history, async ({ params }) => ({ results: await submissions.history(params.id) }));
  route(submissionsApi.markReportable, async ({ user, params }) => ({ results: await submissions.markReportable(user, params.id) }));
  route(submissionsApi.markEmailDelivered, async ({ user, params }) => ({ results: await submissions.markDelivered(user, params.id) }));
  route(submissionsApi.sendEmailRecipient, ({ user, params }) => submissions.sendToRecipients(user, params.id));
  route(submissionsApi.review, async ({ user, params, body }) => ({ results: await submissions.review(user, params.id, body.decision, body.reason, body.notReportable === true) }));
  route(
    submissionsApi.webhook,
    async ({ params, body }) => {
      sync.checkWebhookSecret(params.secret);
      await sync.syncSubmission(sync.submissionIdOf(body));
      return { received: true };
    },
    { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } },
  );
}
