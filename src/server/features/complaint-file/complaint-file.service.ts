import { complaintFileName } from '#shared/contract/complaint-file';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AuditActor } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { canonicalJson, sha256 } from '../signatures/index.ts';
import { printedMoment } from './moment.ts';
import { PdfWriter } from './pdf-writer.ts';
import { type RecordSources, readRecord } from './record.ts';
import { SECTIONS } from './sections.ts';

export interface ComplaintFileDeps {
  sources: RecordSources;
  uow: UnitOfWork;
  clock: Clock;
  /** The JotForm account's time zone: the clock the file's times are printed on. */
  timeZone: string;
}

/** The complaint file as one PDF (docs/features/signatures.md, The complaint file). */
export function createComplaintFileService(d: ComplaintFileDeps) {
  return {
    /** Reads the record, puts the download on the record (`exported`, with the snapshot's SHA-256), and prints it. */
    async pdf(actor: AuditActor, idOrChNumber: string): Promise<{ fileName: string; pdf: Buffer; hash: string }> {
      const record = await readRecord(d.sources, idOrChNumber);
      const hash = sha256(canonicalJson(record));
      const id = record.submission.id;
      const fileName = complaintFileName(id);
      await d.uow(({ audit }) => audit({ actor, entity: 'submission', entityId: id, action: 'exported', after: { file: fileName, hash } }));
      const at = (iso: string) => printedMoment(iso, d.timeZone);
      const s = record.submission;
      const w = new PdfWriter(`Complaint file, submission ${id}`);
      w.title('Complaint file', [`Submission ${id}`, s.chNumber, s.submissionStatus, record.closure.closed ? 'Closed' : 'Open'].filter(Boolean).join(' · '));
      for (const section of SECTIONS) {
        w.heading(section.title);
        section.print(w, record, at);
      }
      const pdf = await w.finish({ generated: at(d.clock.now().toISOString()), hash });
      return { fileName, pdf, hash };
    },
  };
}
export type ComplaintFileService = ReturnType<typeof createComplaintFileService>;
