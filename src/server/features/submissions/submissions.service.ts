import type { Page } from '#shared/contract/common';
import type { MailStatus } from '#shared/contract/mail';
import type { FollowupAttempt, FollowupNote, Form, HistoryEntry, Submission, SubmissionFilters, SubmissionRow, SubmissionSortField } from '#shared/contract/submissions';
import type { Queryable, UnitOfWork, Work } from '../../db/unit-of-work.ts';
import type { AuditActor } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import { RATIONALE_MIN } from '#shared/contract/reporting';
import type { SystemLog } from '../../lib/system-log.ts';
import { todayOn } from '../../lib/time-zone.ts';
import type { ReportingRepo, ReportingSettings } from '../reporting/index.ts';
import type { MailService } from '../mail/index.ts';
import type { ExportSlots } from './export-slots.ts';
import { submissionsCsv } from './submissions.csv.ts';
import type { SubmissionListRepo } from './list.repo.ts';
import type { ComplaintFileRepo, WorkflowFields } from './complaint-file.repo.ts';
import type { FollowupSave } from './followup-statement.ts';
import type { SubmissionDbRow, SubmissionRowColumns } from './submission-row.ts';
import { type RowContext, toSubmission, toSubmissionRow } from './submission-answer.ts';

export interface SubmissionsDeps {
  list: SubmissionListRepo;
  file: ComplaintFileRepo;
  /** Reportability decisions (features/reporting): marking reportable from the list is one, and so is denying as not reportable. */
  decisions: Pick<ReportingRepo, 'markReportable' | 'decide'>;
  uow: UnitOfWork;
  log: SystemLog;
  clock: Clock;
  /** The mail outbox (features/mail): queues the delivered notification. */
  mail: Pick<MailService, 'activeRecipients' | 'queueNotice'>;
  /** The configured JotForm form the portal reviews. */
  formId: string;
  /** The form's title as JotForm names it (cached by sync). */
  formTitle(): Promise<{ title: string; status: string }>;
  /** The portal's address for links in e-mails. */
  publicUrl: string;
  /** The reporting clocks' settings (REPORTING_REGIMES, REPORTING_HOLIDAYS). */
  clockSettings: ReportingSettings;
  /** The CSV exports running in this instance, limited per user and in all. */
  exportSlots: ExportSlots;
  /** The JotForm account's time zone (JOTFORM_TIMEZONE): "today" of the clocks and the deadline filter, told to the web app with the form. */
  timeZone: string;
}

export function createSubmissionsService(d: SubmissionsDeps) {
  const { list, file, uow, log, clock } = d;
  const today = todayOn(clock, d.timeZone);
  /** The context for answering `rows` as of `day` (today by default), with their owners' names. */
  async function ctxFor(rows: readonly { ownerId: string | null }[], day = today()): Promise<RowContext> {
    const ids = [...new Set(rows.flatMap((r) => (r.ownerId ? [r.ownerId] : [])))];
    return { settings: d.clockSettings, today: day, ownerNames: await list.userNames(ids) };
  }
  /** A written row as the list shows it, "new" and its owner included. */
  const toRow = async (r: SubmissionRowColumns) => toSubmissionRow({ ...r, opened: await file.opened(r.id) }, await ctxFor([r]));
  /** `owner=me` is the caller (docs/product.md, Owners). */
  const ownerFilter = <F extends SubmissionFilters>(f: F, viewer: { id: string }): F => (f.owner === 'me' ? { ...f, owner: viewer.id } : f);

  async function mustFind(id: string): Promise<SubmissionDbRow> {
    const row = await file.find(id);
    if (!row) throw new NotFound('Submission not found.');
    return row;
  }
  /**
   * Saves a follow-up: the row's text and attempt count and its note (the follow-up's audit entry,
   * decision 034) in one statement (decision 044). Saving again what the latest note holds — its
   * text and attempt — stores nothing (decision 017): a double-submitted Save, or two tabs saving the
   * same words, leaves one note. A statement overtaken by another save is run again, so it decides
   * on that save's note. Answers the row and the note this save wrote (the latest note when it wrote
   * none).
   */
  async function appendFollowup(actor: FollowupSave['actor'], key: string, text: string, attempt: FollowupAttempt): Promise<{ row: SubmissionRowColumns & { opened: boolean }; note: FollowupNote }> {
    if (attempt.attemptedOn && attempt.attemptedOn > today()) throw new Invalid('attemptedOn cannot be in the future', { attemptedOn: 'cannot be in the future' });
    const details = { ...(attempt.method && { method: attempt.method }), ...(attempt.attemptedOn && { attemptedOn: attempt.attemptedOn }), ...(attempt.outcome && { outcome: attempt.outcome }) };
    for (;;) {
      const write = await file.appendFollowup({ key, text, details, actor, at: clock.now() });
      if (write.kind === 'missing') throw new NotFound('Submission not found.');
      if (write.kind === 'saved') return write;
      if (write.kind === 'repeat') {
        const [row, [note], opened] = await Promise.all([mustFind(write.id), file.followups(write.id, { limit: 1 }), file.opened(write.id)]);
        return { row: { ...row, opened }, note: note! };
      }
      // 'overtaken': another save committed first; the next run decides on its note.
    }
  }
  function mustBeOurForm(formId: string): void {
    if (formId !== d.formId) throw new NotFound(`Form ${formId} is not reviewed in this portal.`);
  }
  /**
   * Sets a one-way flag (false → true), decided on the locked row: of concurrent requests one
   * records the change; the others, like any repeat, answer the row as it is and write nothing.
   */
  async function markOnce(actor: AuditActor, id: string, flag: 'reportable' | 'emailDelivered', action: string, describe: string): Promise<SubmissionRow> {
    const r = await uow(async ({ tx, audit }) => {
      const before = await file.lock(tx, id);
      if (!before) throw new NotFound('Submission not found.');
      // Marking reportable is also a decision (without category or rationale), recorded with the flag.
      const row = flag === 'reportable' ? await d.decisions.markReportable(tx, before, actor, clock.now(), d.clockSettings) : await file.setFlag(tx, before.id, flag, clock.now());
      if (!row) return { row: before, changed: false };
      await audit({ actor, entity: 'submission', entityId: before.id, action, before: { [flag]: false }, after: { [flag]: true } });
      return { row, changed: true };
    });
    if (r.changed) await log.success('JotForms', `${describe} for submission ${r.row.id} by ${actor.email}`);
    return toRow(r.row);
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
    async forms(): Promise<Form[]> {
      const [{ title, status }, { count, last }] = await Promise.all([d.formTitle(), list.count(d.formId)]);
      return [{ id: d.formId, title, status, count, lastSubmission: last?.toISOString() ?? null, timeZone: d.timeZone }];
    },

    async list(viewer: { id: string }, formId: string, query: SubmissionFilters & { page: number; limit: number; sortBy: { field: SubmissionSortField; order: 'asc' | 'desc' } }): Promise<Page<SubmissionRow>> {
      mustBeOurForm(formId);
      const q = ownerFilter(query, viewer);
      const day = today();
      const [rows, total] = await Promise.all([list.page(formId, q, day, q.sortBy, (q.page - 1) * q.limit, q.limit), list.total(formId, q, day)]);
      const c = await ctxFor(rows, day);
      return { results: rows.map((r) => toSubmissionRow(r, c)), page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit), totalResults: total };
    },

    /** One submission with its answers; the read goes on the record (`viewed`) before anything is answered. */
    async get(actor: AuditActor, id: string): Promise<Submission> {
      const row = await uow(async ({ tx, audit }) => {
        const found = await file.find(id, tx);
        if (!found) throw new NotFound('Submission not found.');
        await audit({ actor, entity: 'submission', entityId: found.id, action: 'viewed' });
        return found;
      });
      return toSubmission(row, await ctxFor([row]));
    },

    /** One submission as the list shows it (answered after a change made elsewhere, such as its owner). */
    async row(id: string): Promise<SubmissionRow> {
      return toRow(await mustFind(id));
    },

    async setFollowup(actor: FollowupSave['actor'], id: string, followup: string, attempt: FollowupAttempt = {}): Promise<SubmissionRow> {
      const { row } = await appendFollowup(actor, id, followup, attempt);
      return toSubmissionRow(row, await ctxFor([row]));
    },

    /** POST …/followups: the same write as create-followup, answered with the note it wrote (the latest one when the text repeats it). */
    async addFollowup(actor: FollowupSave['actor'], id: string, text: string, attempt: FollowupAttempt = {}): Promise<FollowupNote> {
      return (await appendFollowup(actor, id, text, attempt)).note;
    },

    /** What happened to the submission, newest first (from the audit trail). */
    async history(id: string): Promise<HistoryEntry[]> {
      return file.history((await mustFind(id)).id);
    },

    /** Every follow-up note, newest first. */
    async followups(id: string): Promise<FollowupNote[]> {
      return file.followups((await mustFind(id)).id);
    },

    markReportable: (actor: AuditActor, id: string) => markOnce(actor, id, 'reportable', 'mark reportable', 'Marked reportable'),

    markDelivered: (actor: AuditActor, id: string) => markOnce(actor, id, 'emailDelivered', 'mark delivered', 'Marked delivered'),

    /**
     * Approves or denies, decided on the locked row: only a submission pending review can be (a
     * repeat finds it decided: 409). Denying closes its clocks, so an undecided submission is denied
     * only with its outcome: `notReportable` records it not reportable, the reason as rationale
     * (docs/product.md, Statuses).
     */
    async review(actor: AuditActor, id: string, decision: 'approve' | 'deny', reason: string | undefined, notReportable = false): Promise<SubmissionRow> {
      const values: WorkflowFields =
        decision === 'approve'
          ? { submissionStatus: 'Pending Transfer', reviewedBy: actor.email, reviewedAt: clock.now() }
          : { submissionStatus: 'Denied', denyReason: reason ?? null, reviewedBy: actor.email, reviewedAt: clock.now(), reportingDue: null };
      const row = await uow(async ({ tx, audit }) => {
        const before = await file.lock(tx, id);
        if (!before) throw new NotFound('Submission not found.');
        if (before.submissionStatus !== 'Pending Review') throw new Conflict(`Only submissions pending review can be approved or denied; this one is ${before.submissionStatus}.`);
        if (decision === 'deny' && before.reportingDecision === null) await denyAsNotReportable(tx, audit, actor, before, reason ?? '', notReportable);
        const after = await file.updateWorkflow(tx, before.id, values, clock.now(), ['Pending Review']);
        if (!after) throw new Conflict(`Only submissions pending review can be approved or denied; this one is ${before.submissionStatus}.`);
        await audit({
          actor,
          entity: 'submission',
          entityId: before.id,
          action: decision === 'approve' ? 'approve' : 'deny',
          before: { submissionStatus: before.submissionStatus },
          after: { submissionStatus: after.submissionStatus, ...(decision === 'deny' ? { denyReason: after.denyReason } : {}) },
        });
        return after;
      });
      await log.success('JotForms', `Submission ${row.id} ${decision === 'approve' ? 'approved' : 'denied'} by ${actor.email}`);
      return toRow(row);
    },

    /** Queues the delivered notification once per submission (a repeat answers what was queued). */
    async sendToRecipients(actor: AuditActor, id: string): Promise<{ message: string; recipients: number; mailId: string; status: MailStatus }> {
      const s = await mustFind(id);
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

    /** The submission's id, found by id or CH number. */
    async idOf(idOrChNumber: string): Promise<string> {
      return (await mustFind(idOrChNumber)).id;
    },

    /**
     * The CSV as chunks, its export recorded first (`exported`). The header and the first batch are read before this returns, so a query
     * that fails does so before any header is sent: an error answer, never a file cut off mid-way.
     */
    async exportCsv(actor: AuditActor, formId: string, q: SubmissionFilters & { sortBy?: { field: SubmissionSortField; order: 'asc' | 'desc' } }): Promise<AsyncGenerator<string>> {
      mustBeOurForm(formId);
      const release = d.exportSlots.take(actor.id);
      try {
        const { sortBy, ...filters } = ownerFilter(q, actor);
        const day = today();
        // On the record before the first byte leaves: who, the filters and order, and the rows they matched.
        const rows = await list.total(formId, filters, day);
        const after = { ...filters, ...(sortBy ? { sortBy: `${sortBy.field}:${sortBy.order}` } : {}), rows };
        await uow(({ audit }) => audit({ actor, entity: 'form', entityId: formId, action: 'exported', after }));
        const csv = submissionsCsv(list.exportRows(formId, filters, day, sortBy));
        const head: string[] = [];
        while (head.length < 2) {
          const next = await csv.next();
          if (next.done) break;
          head.push(next.value);
        }
        return (async function* () {
          try {
            yield* head;
            yield* csv;
          } finally {
            release();
          }
        })();
      } catch (err) {
        release();
        throw err;
      }
    },
  };
}
export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
