import type { HistoryEntry, Submission, SubmissionRow } from '#shared/contract/submissions';
import type { AuditActor } from '../../lib/audit.ts';
import type { RecordRead } from '../../lib/reads.ts';
import { NotFound } from '../../lib/errors.ts';
import type { ComplaintFileRepo } from './complaint-file.repo.ts';
import { type RowReplies, toSubmission } from './submission-reply.ts';
import type { SubmissionDbRow } from './submission-row.ts';

export interface ComplaintFileDeps {
  file: ComplaintFileRepo;
  replies: RowReplies;
  /** Puts a read of patient data on the record (`viewed`). */
  recordRead: RecordRead;
}

/** The submission by id or CH number; NotFound when there is none. */
export async function mustFind(file: Pick<ComplaintFileRepo, 'find'>, idOrChNumber: string): Promise<SubmissionDbRow> {
  const row = await file.find(idOrChNumber);
  if (!row) throw new NotFound('Submission not found.');
  return row;
}

/** Finding a submission by id or CH number, and reading its file: its answers and its history. */
export function createComplaintFileService(d: ComplaintFileDeps) {
  const { file } = d;
  return {
    /** One submission with its answers; the read goes on the record (`viewed`) before anything is sent. */
    async get(actor: AuditActor, id: string): Promise<Submission> {
      const row = await mustFind(file, id);
      await d.recordRead(actor, { entity: 'submission', entityId: row.id });
      return toSubmission(row, await d.replies.context([row]));
    },

    /** One submission with its answers, read by the portal itself (the complaint file's PDF, whose download is audited as such). */
    async read(id: string): Promise<Submission> {
      const row = await mustFind(file, id);
      return toSubmission(row, await d.replies.context([row]));
    },

    /** One submission as the list shows it (the reply after a change made elsewhere, such as its owner). */
    async row(id: string): Promise<SubmissionRow> {
      return d.replies.row(await mustFind(file, id));
    },

    /** The submission's id, found by id or CH number. */
    async idOf(idOrChNumber: string): Promise<string> {
      return (await mustFind(file, idOrChNumber)).id;
    },

    /** What happened to the submission, newest first (from the audit trail). */
    async history(id: string): Promise<HistoryEntry[]> {
      return file.history((await mustFind(file, id)).id);
    },
  };
}
export type ComplaintFileService = ReturnType<typeof createComplaintFileService>;
