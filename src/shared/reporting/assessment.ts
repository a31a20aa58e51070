/**
 * The reportability assessment: each regime's questions, versioned, and the outcome their answers
 * give (docs/features/reportability-assessment.md). Questions and rules are data; this module only
 * reads them.
 */
import type { Holidays } from './calendar.ts';
import { type Category, type Regime, dueDate } from './clocks.ts';
import { QUESTION_SET_V1 } from './question-set-v1.ts';
import type { Condition, Question, QuestionSet, QuestionVersion } from './question-types.ts';

export type { Question, QuestionSet, QuestionVersion } from './question-types.ts';

/** Every version ever published, oldest first; an assessment keeps the version it was answered under. */
export const QUESTION_VERSIONS: readonly QuestionVersion[] = [QUESTION_SET_V1];
/** The version new assessments are answered under. */
export const CURRENT_QUESTION_VERSION: QuestionVersion = QUESTION_VERSIONS[QUESTION_VERSIONS.length - 1]!;

export const questionVersion = (version: number): QuestionVersion | undefined => QUESTION_VERSIONS.find((v) => v.version === version);

/** Yes or no per question id; a question not answered (or not asked) is absent. */
export type Answers = Readonly<Record<string, boolean>>;

function holds(condition: Condition, answers: Answers): boolean {
  return condition.some((clause) => clause.every((literal) => (literal.startsWith('!') ? answers[literal.slice(1)] === false : answers[literal] === true)));
}

/** The sets of the regimes given, in the version's order. */
export const setsFor = (version: QuestionVersion, regimes: readonly Regime[]): QuestionSet[] => version.sets.filter((s) => regimes.includes(s.regime));

/** The questions of a set asked with these answers, in order (a conditional one once what it follows from is answered so). */
export function askedQuestions(set: QuestionSet, answers: Answers): Question[] {
  return set.questions.filter((q) => !q.askedIf || holds(q.askedIf, answers));
}

/** Only the answers of questions asked: the answer to a question that no longer applies is dropped. */
export function keptAnswers(sets: readonly QuestionSet[], answers: Answers): Record<string, boolean> {
  const kept: Record<string, boolean> = {};
  for (const set of sets) for (const q of askedQuestions(set, answers)) if (typeof answers[q.id] === 'boolean') kept[q.id] = answers[q.id]!;
  return kept;
}

/** The ids of questions asked but not yet answered. */
export function unanswered(sets: readonly QuestionSet[], answers: Answers): string[] {
  return sets.flatMap((set) => askedQuestions(set, answers).filter((q) => typeof answers[q.id] !== 'boolean').map((q) => q.id));
}

export interface RegimeOutcome {
  regime: Regime;
  reportable: boolean;
  /** Null when not reportable. */
  category: Category | null;
  /** The paragraph that sets the deadline and the deadline itself, e.g. "21 CFR 803.53: 5 work days". */
  basis: string | null;
  /** Who receives the report; empty when not reportable. */
  recipients: string[];
}

/** A regime's outcome from complete answers of its set. */
export function regimeOutcome(set: QuestionSet, answers: Answers): RegimeOutcome {
  const kept = keptAnswers([set], answers);
  if (!holds(set.rules.reportable, kept)) return { regime: set.regime, reportable: false, category: null, basis: null, recipients: [] };
  const category = set.rules.categories.find((c) => !c.when || holds(c.when, kept))!;
  const recipients = set.rules.recipients.find((r) => !r.when || holds(r.when, kept))!;
  return { regime: set.regime, reportable: true, category: category.category, basis: category.basis, recipients: [...recipients.to] };
}

export interface DatedOutcome extends RegimeOutcome {
  /** YYYY-MM-DD, the last day to file; null when not reportable. */
  due: string | null;
}

/** Each regime's outcome with its due date counted from the awareness date. */
export function assessOutcomes(sets: readonly QuestionSet[], answers: Answers, awareDate: string, holidays?: Holidays): DatedOutcome[] {
  return sets.map((set) => {
    const o = regimeOutcome(set, answers);
    return { ...o, due: o.category ? dueDate(awareDate, o.regime, o.category, holidays) : null };
  });
}
