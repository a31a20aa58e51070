import type { UnitOfWork } from '../db/unit-of-work.ts';
import type { AuditActor, AuditEntity } from './audit.ts';
import type { Clock } from './clock.ts';

/** A read recorded once stands for the same read by the same person from the same address this long. */
export const READ_WINDOW_MINUTES = 10;
const REMEMBERED = 10_000;

/** What was read: the entity, and in `after` which part (`read`) or which submissions a list showed. */
export interface ReadRecord {
  entity: AuditEntity;
  entityId: string;
  after?: Record<string, string | string[]>;
}

/**
 * Reads of patient data on the record (docs/security.md, "Reads on the record"): a `viewed` entry
 * written before the data is sent, so a read that cannot be recorded is refused, never sent
 * unrecorded. A read already on the record is not written again for 10 minutes: by the same person,
 * from the same address, of the same submission (its details, its follow-ups and a mapping preview
 * of it are one read of it, named by the first), or of the same list page (the same submissions
 * shown). So a page refetched or paged back to, the details' own side calls and a preview redrawn at
 * each change of a draft do not fill the trail. Two such reads at once share one write. Remembered
 * per instance (at most 10,000 reads, oldest forgotten first): another instance records its own.
 */
export function createReadRecorder({ uow, clock }: { uow: UnitOfWork; clock: Clock }) {
  const recent = new Map<string, { at: number; written: Promise<void> }>();
  return async function recordRead(actor: AuditActor, read: ReadRecord): Promise<void> {
    const what = read.entity === 'submission' ? null : (read.after ?? null);
    const key = JSON.stringify([actor.id, actor.address ?? null, read.entity, read.entityId, what]);
    const now = clock.now().getTime();
    const last = recent.get(key);
    if (last && now - last.at < READ_WINDOW_MINUTES * 60_000) return last.written;
    const written = uow(async ({ audit }) => {
      await audit({ actor, entity: read.entity, entityId: read.entityId, action: 'viewed', ...(read.after ? { after: read.after } : {}) });
    });
    recent.delete(key);
    recent.set(key, { at: now, written });
    if (recent.size > REMEMBERED) recent.delete(recent.keys().next().value ?? '');
    // A write that failed records nothing: the next read tries again.
    await written.catch((err: unknown) => {
      if (recent.get(key)?.written === written) recent.delete(key);
      throw err;
    });
  };
}
export type RecordRead = ReturnType<typeof createReadRecorder>;
