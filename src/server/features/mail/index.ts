/** What other features may use of mail: queueing a submission's notification, other kinds of message, and how a complaint reads in one. */
export type { MailService } from './mail.service.ts';
export { type DigestLine, digestLineText, mailLink } from './digest.ts';
