import type { Page } from '#shared/contract/common';
import type { Form, SubmissionFilters, SubmissionRow, SubmissionSortField } from '#shared/contract/submissions';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AuditActor } from '../../lib/audit.ts';
import type { RecordRead } from '../../lib/reads.ts';
import { NotFound } from '../../lib/errors.ts';
import type { ExportSlots } from './export-slots.ts';
import type { SubmissionListRepo } from './list.repo.ts';
import { submissionsCsv } from './submissions.csv.ts';
import { complaintRegisterCsv } from './complaint-register.ts';
import { type RowReplies, toSubmissionRow } from './submission-reply.ts';

type Sort = { field: SubmissionSortField; order: 'asc' | 'desc' };

export interface SubmissionListDeps {
  list: SubmissionListRepo;
  replies: RowReplies;
  uow: UnitOfWork;
  /** Today on the JotForm account's calendar: the clock and deadline filters count from it. */
  today(): string;
  /** The configured JotForm form the portal reviews. */
  formId: string;
  /** The form's title as JotForm names it (cached by sync). */
  formTitle(): Promise<{ title: string; status: string }>;
  /** The JotForm account's time zone (JOTFORM_TIMEZONE), told to the web app with the form. */
  timeZone: string;
  /** The CSV exports running in this instance, limited per user and in all. */
  exportSlots: ExportSlots;
  /** Puts a read of patient data on the record (`viewed`). */
  recordRead: RecordRead;
  /** The term of an IMDRF code in the shipped terminology (the complaint register writes codes with their terms). */
  termOf(code: string): string | undefined;
}

/** The reviewed form, its submissions list and the list's CSV export. */
export function createSubmissionListService(d: SubmissionListDeps) {
  const { list, uow, today } = d;
  function mustBeOurForm(formId: string): void {
    if (formId !== d.formId) throw new NotFound(`Form ${formId} is not reviewed in this portal.`);
  }
  /** `owner=me` is the caller (docs/product.md, Owners). */
  const ownerFilter = <F extends SubmissionFilters>(f: F, viewer: { id: string }): F => (f.owner === 'me' ? { ...f, owner: viewer.id } : f);

  return {
    async forms(): Promise<Form[]> {
      const [{ title, status }, { count, last }] = await Promise.all([d.formTitle(), list.count(d.formId)]);
      return [{ id: d.formId, title, status, count, lastSubmission: last?.toISOString() ?? null, timeZone: d.timeZone }];
    },

    /**
     * A page of the list. The rows show patient data (the submitter, follow-ups), so the page goes
     * on the record before it is sent: one `viewed` entry on the form naming the submissions shown.
     */
    async page(viewer: AuditActor, formId: string, query: SubmissionFilters & { page: number; limit: number; sortBy: Sort }): Promise<Page<SubmissionRow>> {
      mustBeOurForm(formId);
      const q = ownerFilter(query, viewer);
      const day = today();
      const [rows, total] = await Promise.all([list.page(formId, q, day, q.sortBy, (q.page - 1) * q.limit, q.limit), list.total(formId, q, day)]);
      const c = await d.replies.context(rows, day);
      if (rows.length > 0) await d.recordRead(viewer, { entity: 'form', entityId: formId, after: { read: 'submissions list', submissions: rows.map((r) => r.id) } });
      return { results: rows.map((r) => toSubmissionRow(r, c)), page: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit), totalResults: total };
    },

    /**
     * The CSV as chunks. The header and the first batch are read before this returns, so a query that fails does so before any header
     * is sent: an error reply, never a file cut off mid-way, and no `exported` entry for a file never sent. The entry is written once
     * those first rows are in hand, before they leave; an export that cannot be recorded is refused.
     */
    /**
     * The complaint register (docs/features/coding.md) of the rows the filters match, newest first;
     * on the record like the CSV export ('exported', with register: true), before the first byte leaves.
     */
    async exportRegister(actor: AuditActor, formId: string, q: SubmissionFilters): Promise<AsyncGenerator<string>> {
      mustBeOurForm(formId);
      const release = d.exportSlots.take(actor.id);
      try {
        const filters = ownerFilter(q, actor);
        const day = today();
        const rows = await list.total(formId, filters, day);
        await uow(({ audit }) => audit({ actor, entity: 'form', entityId: formId, action: 'exported', after: { ...filters, register: true, rows } }));
        const csv = complaintRegisterCsv(list.registerRows(formId, filters, day), { timeZone: d.timeZone, termOf: d.termOf });
        return (async function* () {
          try {
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

    async exportCsv(actor: AuditActor, formId: string, q: SubmissionFilters & { sortBy?: Sort }): Promise<AsyncGenerator<string>> {
      mustBeOurForm(formId);
      const release = d.exportSlots.take(actor.id);
      try {
        const { sortBy, ...filters } = ownerFilter(q, actor);
        const day = today();
        const rows = await list.total(formId, filters, day);
        const csv = submissionsCsv(list.exportRows(formId, filters, day, sortBy));
        const head: string[] = [];
        while (head.length < 2) {
          const next = await csv.next();
          if (next.done) break;
          head.push(next.value);
        }
        // On the record before the first byte leaves: who, the filters and order, and the rows they matched.
        const after = { ...filters, ...(sortBy ? { sortBy: `${sortBy.field}:${sortBy.order}` } : {}), rows };
        await uow(({ audit }) => audit({ actor, entity: 'form', entityId: formId, action: 'exported', after })).catch(async (err: unknown) => {
          await csv.return(undefined);
          throw err;
        });
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
export type SubmissionListService = ReturnType<typeof createSubmissionListService>;
