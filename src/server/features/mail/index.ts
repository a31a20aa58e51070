/** What other features may use of mail: queueing a submission's notification. */
export type { MailService } from './mail.service.ts';
