import type { ScreeningKind } from '#shared/contract/triage';
import { SCREENING_KINDS } from '#shared/contract/triage';
import type { JotformAnswer } from '#shared/jotform-answer';

const YES = new Set(['yes', 'y', 'true', 'ja', 'oui', 'sí', 'si']);

const isYesText = (value: unknown): boolean => typeof value === 'string' && YES.has(value.trim().toLowerCase());

/**
 * Whether a form answer says yes: a yes/no question answered "Yes" (any case), or a checkbox
 * question whose only ticked choice is "Yes". Anything else — no, unsure, blank, free text — is not
 * a yes: triage flags only a plain yes, and the assessment asks the regulation's questions anyway.
 */
export function answeredYes(answer: JotformAnswer | undefined): boolean {
  if (!answer) return false;
  const a = answer.answer;
  if (Array.isArray(a)) return a.length === 1 && isYesText(a[0]);
  return isYesText(a);
}

/** The screening kinds a submission's answers say yes to, in the kinds' order. */
export function yesKinds(answers: Readonly<Record<string, JotformAnswer>>, screening: Partial<Record<ScreeningKind, string>>): ScreeningKind[] {
  return SCREENING_KINDS.filter((kind) => {
    const qid = screening[kind];
    return qid !== undefined && answeredYes(answers[qid]);
  });
}
