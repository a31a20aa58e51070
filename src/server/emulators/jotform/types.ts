import type { JotformAnswer } from '#shared/jotform-answer';

/** What a submitter typed for one question: text, a list (checkbox, uploads) or parts (name, address…). */
export type RawValue = string | readonly string[] | Readonly<Record<string, string>>;
/** Raw values keyed by qid; dates as "YYYY-MM-DD". */
export type RawAnswers = Readonly<Record<string, RawValue>>;

/** A question as JotForm stores it: every property a string, `sublabels` an object. */
export interface EmuQuestion {
  qid: string;
  order: string;
  type: string;
  text: string;
  name: string;
  sublabels?: Record<string, string>;
  [prop: string]: string | Record<string, string> | undefined;
}

export interface EmuSubmission {
  id: string;
  form_id: string;
  ip: string;
  created_at: string;
  updated_at: string | null;
  status: string;
  new: string;
  flag: string;
  notes: string;
  answers: Record<string, JotformAnswer>;
  /** What was submitted, kept to rebuild the webhook's rawRequest. */
  raw: RawAnswers;
}

export interface EmuForm {
  id: string;
  title: string;
  status: string;
  created_at: string;
  updated_at: string | null;
  questions: Map<string, EmuQuestion>;
  /** Webhook map key ("0", "1", …) → URL; keys are not renumbered on delete, like PHP arrays. */
  webhooks: Map<string, string>;
  /** Highest qid ever given: JotForm never reuses one, stored answers point at them. */
  lastQid: number;
}

export interface RequestRecord {
  method: string;
  /** Path and query without the apiKey parameter. */
  url: string;
  status: number;
}

export interface EmulatorState {
  username: string;
  forms: Map<string, EmuForm>;
  /** Changed only through store.ts (insertSubmission, applySubmissionEdit, removeSubmission, loading a state file). */
  submissions: Map<string, EmuSubmission>;
  /**
   * Counts the changes to the submissions: a list filtered and sorted for one page is kept for the
   * next while it stays the same (the emulator answers as if it filtered and sorted every time).
   */
  revision: number;
  dailyLimit: number;
  limitLeft: number;
  /** US-Eastern date the quota was last reset on. */
  quotaDay: string;
  /** The account's time zone, in which its timestamps are written (not saved: it is configuration). */
  timeZone: string;
  /** The last 1000 requests the emulator replied to, for tests that count attempts. */
  requests: RequestRecord[];
}

/** A form to load into the emulator. */
export interface FormFixture {
  id: string;
  title: string;
  created_at: string;
  status?: string;
  questions: EmuQuestion[];
  submissions: SubmissionFixture[];
  webhooks?: string[];
}

export interface SubmissionFixture {
  id: string;
  created_at: string;
  updated_at?: string | null;
  ip?: string;
  status?: string;
  new?: '0' | '1';
  flag?: '0' | '1';
  notes?: string;
  answers: RawAnswers;
}

export interface EmulatorFixtures {
  username: string;
  forms: FormFixture[];
}
