import type { MailStatus } from '#shared/contract/mail';
import { RATIONALE_MIN } from '#shared/contract/reporting';
import type { SubmissionRow } from '#shared/contract/submissions';
import type { Queryable } from '../../db/client.ts';
import type { UnitOfWork, Work } from '../../db/unit-of-work.ts';
import type { AuditActor } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { MailService } from '../mail/index.ts';
import type { ReportingRepo, ReportingSettings } from '../reporting/index.ts';
import type { ComplaintFileRepo, WorkflowFields } from './complaint-file.repo.ts';
import { refuseClosed } from './closed.ts';
import { mustFind } from './complaint-file.service.ts';
import type { RowReplies } from './submission-reply.ts';
import type { SubmissionDbRow } from './submission-row.ts';

export interface WorkflowDeps {
  file: ComplaintFileRepo;
  replies: RowReplies;
  /** Reportability decisions (features/reporting): marking reportable from the list is one, and so is denying as not reportable. */
  decisions: Pick<ReportingRepo, 'markReportable' | 'decide'>;
  uow: UnitOfWork;
  log: SystemLog;
  clock: Clock;
  /** The mail outbox (features/mail): queues the delivered notification. */
  mail: Pick<MailService, 'activeRecipients' | 'queueNotice'>;
  /** The portal's address for links in e-mails. */
  publicUrl: string;
  /** The reporting clocks' settings (REPORTING_REGIMES, REPORTING_HOLIDAYS). */
  clockSettings: ReportingSettings;
}

/** A submission's review and flags: approve or deny, mark reportable, mark delivered and tell the recipients. */
export function createWorkflowService(d: WorkflowDeps) {
  const { file, uow, log, clock } = d;
  /**
   * Sets a one-way flag (false → true), decided on the locked row: of concurrent requests one
   * records the change; the others, like any repeat, reply with the row as it is and write nothing.
   */
  async function markOnce(actor: AuditActor, id: string, flag: 'reportable' | 'emailDelivered', action: string, describe: string): Promise<SubmissionRow> {
    const r = await uow(async ({ tx, audit }) => {
      const before = await file.lock(tx, id);
      if (!before) throw new NotFound('Submission not found.');
      refuseClosed(before);
      // Marking reportable is also a decision (without category or rationale), recorded with the flag.
      const row = flag === 'reportable' ? await d.decisions.markReportable(tx, before, actor, clock.now(), d.clockSettings) : await file.setFlag(tx, before.id, flag, clock.now());
      if (!row) return { row: before, changed: false };
      await audit({ actor, entity: 'submission', entityId: before.id, action, before: { [flag]: false }, after: { [flag]: true } });
      return { row, changed: true };
    });
    if (r.changed) await log.success('JotForms', `${describe} for submission ${r.row.id} by ${actor.email}`);
    return d.replies.row(r.row);
  }

  /** The outcome an undecided submission is denied with: not reportable, the deny reason its rationale. */
  async function denyAsNotReportable(tx: Queryable, audit: Work['audit'], actor: AuditActor, row: SubmissionDbRow, reason: string, confirmed: boolean): Promise<void> {
    if (!confirmed) {
      throw new Conflict('Denying closes the reporting clocks: record the reportability decision first, or deny it as not reportable with the reason as rationale.');
    }
    if (reason.length < RATIONALE_MIN) {
      throw new Invalid(`The reason becomes the not-reportable rationale: at least ${RATIONALE_MIN} characters`, { reason: `at least ${RATIONALE_MIN} characters` });
    }
    await d.decisions.decide(tx, row, { decision: 'not_reportable', rationale: reason, regimes: row.reportingRegimes, category: null }, actor, clock.now(), d.clockSettings);
    const regimes = row.reportingRegimes ?? [...d.clockSettings.regimes];
    await audit({
      actor,
      entity: 'submission',
      entityId: row.id,
      action: 'decide reportability',
      before: { decision: 'undecided', category: null, regimes, reportable: row.reportable },
      after: { decision: 'not_reportable', category: null, regimes, reportable: row.reportable, rationale: reason },
    });
  }

  return {
    markReportable: (actor: AuditActor, id: string) => markOnce(actor, id, 'reportable', 'mark reportable', 'Marked reportable'),

    markDelivered: (actor: AuditActor, id: string) => markOnce(actor, id, 'emailDelivered', 'mark delivered', 'Marked delivered'),

    /**
     * Approves or denies, decided on the locked row: only a submission pending review can be (a
     * repeat finds it decided: 409). Denying closes its clocks, so an undecided submission is denied
     * only with its outcome: `notReportable` records it not reportable, the reason as rationale.
     * Approving sends it towards Arena, so an undecided one is approved only with `decideLater`,
     * which keeps it among the decisions missing a rationale (docs/product.md, Statuses).
     */
    async review(actor: AuditActor, id: string, decision: 'approve' | 'deny', reason: string | undefined, outcome: { notReportable?: boolean; decideLater?: boolean } = {}): Promise<SubmissionRow> {
      const row = await uow(async ({ tx, audit }) => {
        const before = await file.lock(tx, id);
        if (!before) throw new NotFound('Submission not found.');
        if (before.submissionStatus !== 'Pending Review') throw new Conflict(`Only submissions pending review can be approved or denied; this one is ${before.submissionStatus}.`);
        const undecided = before.reportingDecision === null;
        if (decision === 'deny' && undecided) await denyAsNotReportable(tx, audit, actor, before, reason ?? '', outcome.notReportable === true);
        if (decision === 'approve' && undecided && !outcome.decideLater) {
          throw new Conflict('Approving sends the submission towards Arena: assess its reportability first, or approve it and decide later.');
        }
        const values: WorkflowFields =
          decision === 'approve'
            ? { submissionStatus: 'Pending Transfer', reviewedBy: actor.email, reviewedAt: clock.now(), ...(undecided ? { reportingRationaleMissing: true } : {}) }
            : { submissionStatus: 'Denied', denyReason: reason ?? null, reviewedBy: actor.email, reviewedAt: clock.now(), reportingDue: null };
        const after = await file.updateWorkflow(tx, before.id, values, clock.now(), ['Pending Review']);
        if (!after) throw new Conflict(`Only submissions pending review can be approved or denied; this one is ${before.submissionStatus}.`);
        await audit({
          actor,
          entity: 'submission',
          entityId: before.id,
          action: decision === 'approve' ? 'approve' : 'deny',
          before: { submissionStatus: before.submissionStatus },
          after: { submissionStatus: after.submissionStatus, ...(decision === 'deny' ? { denyReason: after.denyReason } : {}), ...(decision === 'approve' && undecided ? { decideLater: true } : {}) },
        });
        return after;
      });
      await log.success('JotForms', `Submission ${row.id} ${decision === 'approve' ? 'approved' : 'denied'} by ${actor.email}`);
      return d.replies.row(row);
    },

    /** Queues the delivered notification once per submission (a repeat replies with what was queued). */
    async sendToRecipients(actor: AuditActor, id: string): Promise<{ message: string; recipients: number; mailId: string; status: MailStatus }> {
      const s = await mustFind(file, id);
      const to = await d.mail.activeRecipients();
      const link = `${d.publicUrl.replace(/\/$/, '')}/dashboard/jotforms/submission/${encodeURIComponent(s.id)}`;
      // Only identifiers, dates and workflow state: no name, and no free-text answer, which may hold health information.
      const text = [
        `Submission ${s.id} has been marked as delivered.`,
        '',
        `Submitted: ${s.createdAtJf}`,
        `Become-aware date: ${s.becomeAwareDate}`,
        `Investigation deadline: ${s.investigationDeadline}`,
        `Status: ${s.submissionStatus}`,
        `CH number: ${s.chNumber ?? '-'}`,
        '',
        `Open it in the Quality Portal: ${link}`,
      ].join('\n');
      const subject = `Submission ${s.id} delivered${s.chNumber ? ` (${s.chNumber})` : ''}`;
      const { mail, created } = await d.mail.queueNotice(actor, s.id, { to, subject, text });
      const message = created ? 'Email queued for the recipients' : 'The email about this submission was already queued';
      return { message, recipients: mail.to.length, mailId: mail.id, status: mail.status };
    },
  };
}
export type WorkflowService = ReturnType<typeof createWorkflowService>;
