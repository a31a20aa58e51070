import type { Closure } from '#shared/contract/closure';
import type { StepResult } from '#shared/contract/quality-process';
import type { Reportability } from '#shared/contract/reporting';
import type { SubmissionCode } from '#shared/contract/imdrf';
import type { FollowupNote, HistoryEntry, Submission } from '#shared/contract/submissions';

/** Everything the complaint file prints, read at one moment; its canonical SHA-256 is on every page. */
export interface ComplaintRecord {
  submission: Submission;
  followups: FollowupNote[];
  /** The complaint's IMDRF codes, each with its release. */
  codes: SubmissionCode[];
  reportability: Reportability;
  closure: Closure;
  /** The quality process's steps from Arena; null without a quality process; a sentence when Arena could not be read. */
  steps: StepResult[] | { unavailable: string } | null;
  history: HistoryEntry[];
}

/** What the record is read from: the other features' reads, none of them audited as a view. */
export interface RecordSources {
  submission(id: string): Promise<Submission>;
  followups(id: string): Promise<FollowupNote[]>;
  codes(id: string): Promise<SubmissionCode[]>;
  reportability(id: string): Promise<Reportability>;
  closure(id: string): Promise<Closure>;
  steps(id: string): Promise<StepResult[]>;
  history(id: string): Promise<HistoryEntry[]>;
}

export async function readRecord(s: RecordSources, idOrChNumber: string): Promise<ComplaintRecord> {
  const submission = await s.submission(idOrChNumber);
  const id = submission.id;
  const [followups, codes, reportability, closure, history] = await Promise.all([s.followups(id), s.codes(id), s.reportability(id), s.closure(id), s.history(id)]);
  let steps: ComplaintRecord['steps'] = null;
  if (submission.chNumber) {
    steps = await s.steps(id).catch((err: unknown) => ({ unavailable: err instanceof Error ? err.message : 'Arena could not be read.' }));
  }
  return { submission, followups, codes, reportability, closure, steps, history };
}
