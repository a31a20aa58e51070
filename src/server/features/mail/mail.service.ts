import type { Page } from '#shared/contract/common';
import type { MailMessage, MailStatus, SubmissionMail } from '#shared/contract/mail';
import type { Db } from '../../db/client.ts';
import type { AuditActor, AuditTrail } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import { type MailRepo, type MailRow, toMailMessage } from './mail.repo.ts';

export interface MailDeps {
  db: Db;
  repo: MailRepo;
  audit: AuditTrail;
  log: SystemLog;
  clock: Clock;
  /** 'smtp' queues for the worker; 'outbox' (no SMTP server) only stores. */
  mode: 'smtp' | 'outbox';
  /** Active notification recipients (Configurations → Config). */
  recipients(): Promise<string[]>;
  /** Tells this instance's worker that a message is waiting. */
  nudge(): void;
}

export const NO_RECIPIENTS = 'No active notification recipients are configured. Add one under Configurations → Config.';

export function createMailService(d: MailDeps) {
  const { db, repo, audit, log, clock } = d;
  const initialStatus = (): 'queued' | 'stored' => (d.mode === 'smtp' ? 'queued' : 'stored');

  async function activeRecipients(): Promise<string[]> {
    const to = await d.recipients();
    if (to.length === 0) throw new Conflict(NO_RECIPIENTS);
    return to;
  }

  return {
    activeRecipients,

    /**
     * Queues the submission's notification, once: the message and its audit entry are written in
     * one transaction; a repeated or concurrent call answers the message already queued.
     */
    async queueNotice(actor: AuditActor, submissionId: string, message: { to: string[]; subject: string; text: string }): Promise<{ mail: MailRow; created: boolean }> {
      const result = await db.transaction(async (tx) => {
        const queued = await repo.queueNotice(tx, { ...message, submissionId, status: initialStatus(), createdBy: actor.email }, clock.now());
        if (queued.created) {
          const after = { mailId: queued.row.id, recipients: message.to.length, status: queued.row.status };
          await audit.record({ actor, entity: 'submission', entityId: submissionId, action: 'email queued', after }, tx as unknown as Db);
        }
        return queued;
      });
      if (result.created) {
        await log.success('JotForms', `E-mail about submission ${submissionId} ${result.row.status === 'stored' ? 'stored (no SMTP server configured)' : 'queued'} for ${message.to.length} recipient(s) by ${actor.email}`);
        d.nudge();
      }
      return { mail: result.row, created: result.created };
    },

    async list(q: { page: number; limit: number; status?: MailStatus | undefined; submissionId?: string | undefined }): Promise<Page<MailMessage>> {
      const { rows, total } = await repo.page(q, (q.page - 1) * q.limit, q.limit);
      return { results: rows.map(toMailMessage), page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit), totalResults: total };
    },

    summary: () => repo.summary(),

    async forSubmission(submissionId: string): Promise<{ activeRecipients: number; results: SubmissionMail[] }> {
      const [rows, to] = await Promise.all([repo.forSubmission(submissionId), d.recipients()]);
      const results = rows.map((r) => {
        // Addresses and subject stay on the admin Mail page; reviewers see the count.
        const { to: _to, subject: _subject, ...rest } = toMailMessage(r);
        return { ...rest, recipients: r.to.length };
      });
      return { activeRecipients: to.length, results };
    },

    /** An admin's explicit resend: a new message, the same text, to the recipients active now. */
    async resend(actor: AuditActor, id: string): Promise<MailMessage> {
      const original = await repo.findById(id);
      if (!original) throw new NotFound('Message not found.');
      const to = await activeRecipients();
      const row = await db.transaction(async (tx) => {
        const copy = await repo.insert(
          tx,
          { to, subject: original.subject, text: original.text, html: original.html, submissionId: original.submissionId, resendOf: original.resendOf ?? original.id, createdBy: actor.email, status: initialStatus() },
          clock.now(),
        );
        if (original.submissionId) {
          await audit.record({ actor, entity: 'submission', entityId: original.submissionId, action: 'email resent', after: { mailId: copy.id, resendOf: original.id, recipients: to.length } }, tx as unknown as Db);
        }
        return copy;
      });
      await log.success('JotForms', `E-mail "${original.subject}" resent to ${to.length} recipient(s) by ${actor.email}`);
      d.nudge();
      return toMailMessage(row);
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
