/** The shape of a published question set (data: ./question-set-v1.ts and its successors). */
import type { Category, Regime } from './clocks.ts';

/** A question's id answered yes, or `!id`: answered no. */
export type Literal = string;
/** Holds when any of its clauses holds, a clause when every literal in it does. */
export type Condition = readonly (readonly Literal[])[];

export interface Question {
  id: string;
  /** The regulation's own test, as a yes/no question. */
  text: string;
  help: string;
  /** The paragraph the test comes from. */
  source: string;
  /** Asked only when this holds (it follows from earlier answers); otherwise it has no answer. */
  askedIf?: Condition;
}

export interface RegimeRules {
  /** When the event is reportable under the regime. */
  reportable: Condition;
  /** The category of a reportable event: the first entry whose `when` holds (none: always). */
  categories: readonly { when?: Condition; category: Category; basis: string }[];
  /** Who receives the report: the first entry whose `when` holds. */
  recipients: readonly { when?: Condition; to: readonly string[] }[];
}

export interface QuestionSet {
  regime: Regime;
  questions: readonly Question[];
  rules: RegimeRules;
}

export interface QuestionVersion {
  version: number;
  /** YYYY-MM-DD: from when it is asked. */
  published: string;
  sets: readonly QuestionSet[];
}
