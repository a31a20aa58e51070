import { mailApi } from '#shared/contract/mail';
import type { Route } from '../../plugins/contract.ts';
import type { MailService } from './mail.service.ts';
import type { Reminders } from './reminders.ts';

export function mailRoutes(route: Route, mail: MailService, reminders: Reminders, submissionExists: (id: string) => Promise<string>): void {
  route(mailApi.list, ({ query }) => mail.list(query));
  route(mailApi.reminders, async ({ user }) => ({ results: await reminders.queueToday(user) }));
  route(mailApi.reminderSetting, ({ user }) => reminders.setting(user.id));
  route(mailApi.setReminderSetting, ({ user, body }) => reminders.setSetting(user, body.digest));
  route(mailApi.resendAddressees, ({ params }) => mail.resendAddressees(params.id));
  route(mailApi.resend, async ({ user, params, body }) => ({ results: await mail.resend(user, params.id, body?.to) }));
  route(mailApi.submission, async ({ params }) => mail.forSubmission(await submissionExists(params.id)));
}
