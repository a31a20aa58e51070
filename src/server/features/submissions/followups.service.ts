import type { FollowupAttempt, FollowupNote, SubmissionRow } from '#shared/contract/submissions';
import type { Tx } from '../../db/client.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { type AuditActor, actorOf } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { RecordRead } from '../../lib/reads.ts';
import { refuseClosed } from './closed.ts';
import { mustFind } from './complaint-file.service.ts';
import type { ComplaintFileRepo } from './complaint-file.repo.ts';
import { FOLLOWUP_ACTION, type FollowupsRepo } from './followups.repo.ts';
import { type RowReplies, toSubmissionRow } from './submission-reply.ts';
import type { SubmissionRowColumns } from './submission-row.ts';

export interface FollowupsDeps {
  repo: FollowupsRepo;
  file: Pick<ComplaintFileRepo, 'find'>;
  replies: RowReplies;
  uow: UnitOfWork;
  log: SystemLog;
  clock: Clock;
  /** Today on the JotForm account's calendar: an attempt is never dated after it. */
  today(): string;
  /** Puts a read of patient data on the record (`viewed`). */
  recordRead: RecordRead;
}

/** A submission's row as a save leaves it, as the list shows it. */
type SavedRow = SubmissionRowColumns & { opened: boolean };

/** Who saves a follow-up; `name` (the signed-in user's) is the note's author, else the e-mail. */
type Author = AuditActor & { name?: string };

/** A note's `after` in the audit trail: the text and the attempt, only what was given. */
type NoteAfter = { followup: string } & FollowupAttempt;

const ATTEMPT_KEYS = ['method', 'attemptedOn', 'outcome', 'newInformation'] as const;

/** Whether a stored note's `after` is this one: the same text and the same attempt, word for word (no new information is as good as none said). */
function sameNote(stored: unknown, after: NoteAfter): boolean {
  if (!stored || typeof stored !== 'object') return false;
  const s = stored as Record<string, unknown>;
  return s.followup === after.followup && ATTEMPT_KEYS.every((k) => (s[k] || null) === (after[k] || null));
}

/** A submission's follow-up: saving its text and attempt (each save a note) and reading the notes. */
export function createFollowupsService(d: FollowupsDeps) {
  const { repo, uow, clock } = d;

  /**
   * Writes the row's text and attempt count, or nothing when the save repeats the latest note.
   * A new text on an open submission named by its id — nearly every save — is one guarded update;
   * anything else is decided on the locked row: a CH number, a closed complaint (refused), and the
   * same text again, which is a new attempt only when the attempt differs from the latest note's.
   * `previous` holds the text the row had, absent when nothing was written.
   */
  async function writeRow(tx: Tx, key: string, text: string, after: NoteAfter): Promise<{ row: SavedRow; previous?: { followup: string | null } }> {
    const saved = await repo.saveNewText(tx, key, text, clock.now());
    if (saved) {
      const { previous, ...row } = saved;
      return { row, previous: { followup: previous } };
    }
    const before = await repo.lock(tx, key);
    if (!before) throw new NotFound('Submission not found.');
    // A closed complaint takes no new follow-up (docs/features/signatures.md): decided on the locked row, so a save and a closing never cross.
    refuseClosed(before);
    if (before.followup === text && sameNote(await repo.latestNote(tx, before.id), after)) return { row: before };
    // Decided on the locked row: the reply is that row with the text and count written.
    const row = { ...before, followup: text, followupAttempts: before.followupAttempts + 1 };
    await repo.save(tx, row.id, text, row.followupAttempts, clock.now());
    return { row, previous: { followup: before.followup } };
  }

  /**
   * Saves a follow-up (`writeRow`): the row's text and attempt count, its note (the
   * follow-up's audit entry, decision 034) and its system-log line commit together (decision 054).
   * Saving again what the latest note holds — its text and attempt — stores nothing (decision
   * 017): a double-submitted Save, or two tabs saving the same words, leaves one note. Replies with
   * the row and the note this save wrote (the latest note when it wrote none).
   */
  async function save(actor: Author, key: string, text: string, attempt: FollowupAttempt): Promise<{ row: SavedRow; note: FollowupNote }> {
    if (attempt.attemptedOn && attempt.attemptedOn > d.today()) throw new Invalid('attemptedOn cannot be in the future', { attemptedOn: 'cannot be in the future' });
    const after: NoteAfter = { followup: text, ...Object.fromEntries(ATTEMPT_KEYS.filter((k) => attempt[k]).map((k) => [k, attempt[k]])) };
    const r = await uow(async ({ tx, audit }) => {
      const written = await writeRow(tx, key, text, after);
      if (!written.previous) return { row: written.row, note: null };
      const { row } = written;
      const entry = await audit({ actor, entity: 'submission', entityId: row.id, action: FOLLOWUP_ACTION, before: { followup: written.previous.followup }, after });
      await d.log.success('JotForms', `Follow-up saved for submission ${row.id} by ${actor.email}`, tx);
      const note: FollowupNote = {
        id: entry.id,
        text,
        at: entry.at.toISOString(),
        author: actorOf(actor.id, actor.email, { name: actor.name ?? null, email: actor.email }),
        method: attempt.method ?? null,
        attemptedOn: attempt.attemptedOn ?? null,
        outcome: attempt.outcome ?? null,
        newInformation: attempt.newInformation ?? false,
      };
      return { row, note };
    });
    if (!r.note) {
      const [latest] = await repo.notes(r.row.id, { limit: 1 });
      return { row: r.row, note: latest! };
    }
    return { row: r.row, note: r.note };
  }

  return {
    /** create-followup: replies with the row as the list shows it. */
    async set(actor: Author, id: string, followup: string, attempt: FollowupAttempt = {}): Promise<SubmissionRow> {
      const { row } = await save(actor, id, followup, attempt);
      return toSubmissionRow(row, await d.replies.context([row]));
    },

    /** POST …/followups: the same write as create-followup, replying with the note it wrote (the latest one when the text repeats it). */
    async add(actor: Author, id: string, text: string, attempt: FollowupAttempt = {}): Promise<FollowupNote> {
      return (await save(actor, id, text, attempt)).note;
    },

    /** Every follow-up note, newest first, read by the portal itself (the complaint file's PDF, whose download is audited as such). */
    async read(id: string): Promise<FollowupNote[]> {
      return repo.notes((await mustFind(d.file, id)).id);
    },

    /** Every follow-up note, newest first; the read goes on the record (`viewed`, read: follow-ups) before they are sent. */
    async list(actor: AuditActor, id: string): Promise<FollowupNote[]> {
      const found = await mustFind(d.file, id);
      const notes = await repo.notes(found.id);
      await d.recordRead(actor, { entity: 'submission', entityId: found.id, after: { read: 'follow-ups' } });
      return notes;
    },
  };
}
export type FollowupsService = ReturnType<typeof createFollowupsService>;
