import { CSV_FILE_NAME, REGISTER_FILE_NAME, submissionsApi } from '#shared/contract/submissions';
import type { Route } from '../../plugins/contract.ts';
import { sendCsv } from '../../plugins/csv-download.ts';
import type { ComplaintFileService } from './complaint-file.service.ts';
import type { FollowupsService } from './followups.service.ts';
import type { SubmissionListService } from './list.service.ts';
import type { SubmissionSync } from './submissions.sync.ts';
import type { WorkflowService } from './workflow.service.ts';

/** The submissions feature's services, one per job. */
export interface SubmissionsServices {
  list: SubmissionListService;
  file: ComplaintFileService;
  followups: FollowupsService;
  workflow: WorkflowService;
}

export function submissionsRoutes(route: Route, { list, file, followups, workflow }: SubmissionsServices, sync: SubmissionSync): void {
  route(submissionsApi.forms, async () => ({ results: await list.forms() }));
  route(submissionsApi.list, ({ user, params, query }) => list.page(user, params.formId, query));
  route(submissionsApi.exportCsv, async ({ user, params, query, request, reply }) => sendCsv(await list.exportCsv(user, params.formId, query), CSV_FILE_NAME, request, reply));
  route(submissionsApi.exportRegister, async ({ user, params, query, request, reply }) => sendCsv(await list.exportRegister(user, params.formId, query), REGISTER_FILE_NAME, request, reply));
  route(submissionsApi.get, ({ user, params }) => file.get(user, params.id));
  route(submissionsApi.history, async ({ params }) => ({ results: await file.history(params.id) }));
  route(submissionsApi.createFollowup, async ({ user, params, body: { followup, ...attempt } }) => ({ results: await followups.set(user, params.id, followup, attempt) }));
  route(submissionsApi.followups, async ({ user, params }) => ({ results: await followups.list(user, params.id) }));
  route(submissionsApi.addFollowup, async ({ user, params, body: { text, ...attempt } }) => ({ results: await followups.add(user, params.id, text, attempt) }));
  route(submissionsApi.markReportable, async ({ user, params }) => ({ results: await workflow.markReportable(user, params.id) }));
  route(submissionsApi.markEmailDelivered, async ({ user, params }) => ({ results: await workflow.markDelivered(user, params.id) }));
  route(submissionsApi.sendEmailRecipient, ({ user, params }) => workflow.sendToRecipients(user, params.id));
  route(submissionsApi.review, async ({ user, params, body }) => ({ results: await workflow.review(user, params.id, body.decision, body.reason, { notReportable: body.notReportable === true, decideLater: body.decideLater === true }) }));
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
