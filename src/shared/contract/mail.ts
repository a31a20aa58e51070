import { z } from 'zod';
import { Id, PageQuery, page } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';

/**
 * queued: waiting for the worker (first try or a retry); sent: the mail server took it; failed:
 * every attempt failed; stored: kept here only, because no SMTP server is configured.
 */
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'stored'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
/** How the status reads on screen. */
export const MAIL_STATUS_LABELS: Record<MailStatus, string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed', stored: 'Stored (no mail server)' };
/**
 * What a message is (docs/features/mail.md): the notice that a submission was marked delivered,
 * to the notification recipients; the note to a user that a complaint was assigned to them; the
 * daily reminder digest of clocks running out; the warning to admins that JotForm's daily API
 * calls are running low; a trend signal; and the note, sent at once, that a submission answered
 * yes to a screening question at intake (docs/features/triage.md).
 */
export const MAIL_KINDS = ['delivered', 'assignment', 'reminder', 'quota', 'signal', 'potential_reportable'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const MAIL_KIND_LABELS: Record<MailKind, string> = { delivered: 'Delivered notice', assignment: 'Assignment', reminder: 'Reminder digest', quota: 'JotForm quota warning', signal: 'Trend signal', potential_reportable: 'Potential reportable event' };

/** Attempts before a message is given up as failed (retries back off 1, 2, 4 … minutes, at most an hour). */
export const MAIL_MAX_ATTEMPTS = 8;

/** A message of the outbox as the admin Mail page lists it. */
export const MailMessage = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  to: z.array(z.string()),
  subject: z.string(),
  submissionId: z.string().nullable(),
  status: z.enum(MAIL_STATUSES),
  error: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** The message this one resends, if it is a resend. */
  resendOf: z.string().nullable(),
});
export type MailMessage = z.infer<typeof MailMessage>;

/** A submission's notification as anyone reviewing it sees it: no addresses. */
export const SubmissionMail = MailMessage.omit({ to: true, subject: true }).extend({ recipients: z.number().int() });
export type SubmissionMail = z.infer<typeof SubmissionMail>;

/**
 * Whom a resend goes to: a delivered notice to the notification recipients active now
 * (`active_recipients`), an assignment, digest or quota warning to whom it went (`same_addressees`).
 */
export const ResendAddressees = z.object({ to: z.array(z.string()), basis: z.enum(['active_recipients', 'same_addressees']) });
export type ResendAddressees = z.infer<typeof ResendAddressees>;

export const MailQuery = PageQuery.extend({
  status: z.enum(MAIL_STATUSES, { message: `status must be one of ${MAIL_STATUSES.join(', ')}` }).optional(),
  kind: z.enum(MAIL_KINDS, { message: `kind must be one of ${MAIL_KINDS.join(', ')}` }).optional(),
  submissionId: Id.optional(),
});

/** The signed-in user's daily reminder digest: on unless they turned it off. */
export const ReminderSetting = z.strictObject({ digest: z.boolean({ message: 'digest must be true or false' }) }, { message: 'unknown field' });
export type ReminderSetting = z.infer<typeof ReminderSetting>;

export const mailApi = defineApi('mail', {
  list: defineEndpoint({
    method: 'GET', path: '/v1/mail', tag: 'Mail', summary: 'Every message of the mail outbox, newest first',
    access: { capability: 'mail' }, query: MailQuery, status: 200, response: page(MailMessage),
  }),
  resendAddressees: defineEndpoint({
    method: 'GET', path: '/v1/mail/:id/resend', tag: 'Mail',
    summary: 'Whom a resend of the message would go to now: a delivered notice to the active notification recipients, any other message to whom it went',
    access: { capability: 'mail' }, params: z.object({ id: Id }), status: 200, response: ResendAddressees,
  }),
  resend: defineEndpoint({
    method: 'POST', path: '/v1/mail/:id/resend', tag: 'Mail',
    summary: 'Queue the message again (the only way to mail a submission again); `to`, the addressees the admin was shown, must be those it goes to now, else 409',
    access: { capability: 'mail' }, params: z.object({ id: Id }),
    body: z.object({ to: z.array(z.string().max(320, 'an address is too long')).max(500, 'too many addresses').optional() }).nullish(),
    status: 201, response: z.object({ results: MailMessage }),
  }),
  reminders: defineEndpoint({
    method: 'POST', path: '/v1/mail/reminders', tag: 'Mail',
    summary: "Queue today's reminder digests now; a digest already queued today is in the reply, not queued again",
    access: { capability: 'mail' }, status: 200, response: z.object({ results: z.array(MailMessage) }),
  }),
  reminderSetting: defineEndpoint({
    method: 'GET', path: '/v1/mail/reminders/mine', tag: 'Mail', summary: 'Whether you receive the daily reminder digest',
    access: 'authenticated', status: 200, response: ReminderSetting,
  }),
  setReminderSetting: defineEndpoint({
    method: 'PUT', path: '/v1/mail/reminders/mine', tag: 'Mail', summary: 'Turn your daily reminder digest on or off',
    access: 'authenticated', body: ReminderSetting, status: 200, response: ReminderSetting,
  }),
  submission: defineEndpoint({
    method: 'GET', path: '/v1/jotforms/submission/:id/mail', tag: 'Mail',
    summary: 'The notification e-mails of a submission and how many active recipients a new one would reach',
    access: { capability: 'submissions' }, params: z.object({ id: Id }), status: 200,
    response: z.object({ activeRecipients: z.number().int(), results: z.array(SubmissionMail) }),
  }),
});
