import type { Page } from '#shared/contract/common';
import type { MailKind, MailMessage, MailStatus, ResendAddressees, SubmissionMail } from '#shared/contract/mail';
import type { UnitOfWork, Work } from '../../db/unit-of-work.ts';
import type { AuditActor } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import { type MailRepo, type MailRow, toMailMessage } from './mail.repo.ts';

export interface MailDeps {
  repo: MailRepo;
  uow: UnitOfWork;
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

const normalised = (list: readonly string[]) => [...new Set(list.map((a) => a.trim().toLowerCase()))].sort();
const sameAddresses = (a: readonly string[], b: readonly string[]) => normalised(a).join('\n') === normalised(b).join('\n');

export function createMailService(d: MailDeps) {
  const { repo, uow, log, clock } = d;
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
     * one transaction; a repeated or concurrent call returns the message already queued.
     */
    async queueNotice(actor: AuditActor, submissionId: string, message: { to: string[]; subject: string; text: string }): Promise<{ mail: MailRow; created: boolean }> {
      const result = await uow(async ({ tx, audit }) => {
        const queued = await repo.queueNotice(tx, { ...message, submissionId, status: initialStatus(), createdBy: actor.email }, clock.now());
        if (queued.created) {
          const after = { mailId: queued.row.id, recipients: message.to.length, status: queued.row.status };
          await audit({ actor, entity: 'submission', entityId: submissionId, action: 'email queued', after });
        }
        return queued;
      });
      if (result.created) {
        await log.success('JotForms', `E-mail about submission ${submissionId} ${result.row.status === 'stored' ? 'stored (no SMTP server configured)' : 'queued'} for ${message.to.length} recipient(s) by ${actor.email}`);
        d.nudge();
      }
      return { mail: result.row, created: result.created };
    },

    /**
     * Queues a message of another kind inside the caller's change (its transaction and audit entry),
     * once per `dedupeKey`; the worker is told after the change commits.
     */
    async queueOnce(work: Pick<Work, 'tx' | 'afterCommit'>, actor: AuditActor | null, message: { kind: Exclude<MailKind, 'delivered'>; dedupeKey: string; to: string[]; subject: string; text: string; html?: string; submissionId?: string }): Promise<{ mail: MailRow; created: boolean }> {
      const queued = await repo.queueOnce(work.tx, { ...message, status: initialStatus(), createdBy: actor?.email ?? null }, clock.now());
      if (queued.created) work.afterCommit(async () => d.nudge());
      return { mail: queued.row, created: queued.created };
    },

    byKeyPrefix: (prefix: string) => repo.byKeyPrefix(prefix),

    async list(q: { page: number; limit: number; status?: MailStatus | undefined; kind?: MailKind | undefined; submissionId?: string | undefined }): Promise<Page<MailMessage>> {
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

    /**
     * An admin's explicit resend: a new message, the same text, to the recipients active now (an
     * assignment or a digest goes again to whom it went, not to the notification recipients). A
     * resend of the same message to the same recipients that is still waiting, never attempted (a
     * double click, two admins at once), is returned instead of queueing a second copy.
     */
    async resendAddressees(id: string): Promise<ResendAddressees> {
      const found = await repo.findById(id);
      if (!found) throw new NotFound('Message not found.');
      return found.kind === 'delivered' ? { to: await d.recipients(), basis: 'active_recipients' } : { to: found.to, basis: 'same_addressees' };
    },

    /** `shown`: the addressees the admin confirmed; a resend never goes to others (409 when they changed meanwhile). */
    async resend(actor: AuditActor, id: string, shown?: readonly string[]): Promise<MailMessage> {
      const found = await repo.findById(id);
      if (!found) throw new NotFound('Message not found.');
      const to = found.kind === 'delivered' ? await activeRecipients() : found.to;
      if (shown && !sameAddresses(shown, to)) {
        throw new Conflict(`The addressees changed since the dialog opened: it would now go to ${to.join(', ')}. Open Resend again to confirm them.`);
      }
      const r = await uow(async ({ tx, audit }) => {
        // The first message of the chain is locked: every resend of it is decided one at a time.
        const first = await repo.lock(tx, found.resendOf ?? found.id);
        const waiting = await repo.waitingResend(tx, found.resendOf ?? found.id, to, initialStatus());
        if (!first || waiting) return { row: waiting ?? found, created: false };
        const copy = await repo.insert(
          tx,
          { to, kind: found.kind, subject: found.subject, text: found.text, html: found.html, submissionId: found.submissionId, resendOf: first.id, createdBy: actor.email, status: initialStatus() },
          clock.now(),
        );
        const about = found.submissionId ? ({ entity: 'submission', entityId: found.submissionId } as const) : ({ entity: 'mail', entityId: first.id } as const);
        await audit({ actor, ...about, action: 'email resent', after: { mailId: copy.id, resendOf: found.id, recipients: to.length } });
        return { row: copy, created: true };
      });
      if (r.created) {
        await log.success('JotForms', `E-mail "${found.subject}" resent to ${to.length} recipient(s) by ${actor.email}`);
        d.nudge();
      }
      return toMailMessage(r.row);
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;
