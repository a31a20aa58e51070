import { mailApi } from '#shared/contract/mail';
import type { Route } from '../../plugins/contract.ts';
import type { MailService } from './mail.service.ts';

export function mailRoutes(route: Route, mail: MailService, submissionExists: (id: string) => Promise<string>): void {
  route(mailApi.list, ({ query }) => mail.list(query));
  route(mailApi.resend, async ({ user, params }) => ({ results: await mail.resend(user, params.id) }));
  route(mailApi.submission, async ({ params }) => mail.forSubmission(await submissionExists(params.id)));
}
