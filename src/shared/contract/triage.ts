import { z } from 'zod';
import { defineApi, defineEndpoint } from './endpoints.ts';

/**
 * Triage at intake (docs/features/triage.md): the form's screening questions an admin names, one
 * per kind; a submission answering yes to one is a potential reportable event from its import on.
 */
export const SCREENING_KINDS = ['death', 'injury', 'malfunction'] as const;
export type ScreeningKind = (typeof SCREENING_KINDS)[number];
export const SCREENING_LABELS: Record<ScreeningKind, string> = {
  death: 'Death',
  injury: 'Serious injury',
  malfunction: 'Malfunction',
};
/** What the screening question of each kind asks about, for the admin naming it. */
export const SCREENING_HINTS: Record<ScreeningKind, string> = {
  death: 'The question asking whether anyone died.',
  injury: 'The question asking whether anyone was injured or needed medical treatment.',
  malfunction: 'The question asking whether the device malfunctioned or failed.',
};

/** How the flag reads on screen: in the list's badge, the details screen and the mail. */
export const POTENTIAL_REPORTABLE = 'Potential reportable event';
/** The list's `triage` filter: `potential`, the submissions flagged at intake. */
export const TRIAGE_FILTERS = ['potential'] as const;
export type TriageFilter = (typeof TRIAGE_FILTERS)[number];
/** The dashboard card counting flagged submissions still undecided and open. */
export const TRIAGE_CARD_NAME = 'Potential reportable events';

const Qid = z
  .string({ message: 'a screening question is a question id or null' })
  .trim()
  .regex(/^\d{1,10}$/, 'a screening question is the id of a question of the form');

/** The screening question named for each kind (its qid), or null: that kind is not screened. */
export const ScreeningQuestionsBody = z
  .strictObject(
    {
      death: Qid.nullable(),
      injury: Qid.nullable(),
      malfunction: Qid.nullable(),
    },
    { message: 'unknown field' },
  )
  .superRefine((b, ctx) => {
    const seen = new Map<string, ScreeningKind>();
    for (const kind of SCREENING_KINDS) {
      const qid = b[kind];
      if (qid === null) continue;
      const first = seen.get(qid);
      if (first) ctx.addIssue({ code: 'custom', path: [kind], message: `question ${qid} is already the ${first} question: name a different question for each` });
      else seen.set(qid, kind);
    }
  });
export type ScreeningQuestionsBody = z.infer<typeof ScreeningQuestionsBody>;

export const ScreeningQuestions = z.object({
  death: z.string().nullable(),
  injury: z.string().nullable(),
  malfunction: z.string().nullable(),
  /** When they were last changed, or null: never named. */
  updatedAt: z.string().nullable(),
});
export type ScreeningQuestions = z.infer<typeof ScreeningQuestions>;

/** The questions as saved, and how many stored submissions not flagged yet the change flagged (no mail for those). */
export const ScreeningQuestionsSaved = ScreeningQuestions.extend({ screened: z.number().int().nonnegative() });
export type ScreeningQuestionsSaved = z.infer<typeof ScreeningQuestionsSaved>;

export const triageApi = defineApi('triage', {
  screening: defineEndpoint({
    method: 'GET', path: '/v1/field-mapping/screening-questions', tag: 'Field Mapping',
    summary: "The form's screening questions (death, injury, malfunction): a yes to one flags a submission a potential reportable event at import",
    access: { capability: 'configurations' }, status: 200, response: ScreeningQuestions,
  }),
  setScreening: defineEndpoint({
    method: 'PUT', path: '/v1/field-mapping/screening-questions', tag: 'Field Mapping',
    summary: 'Name the screening questions (null: that kind is not screened); submissions imported from then on are screened with them, and the stored ones not flagged yet are screened once, without mail (`screened`: how many were flagged)',
    access: { capability: 'configurations' }, body: ScreeningQuestionsBody, status: 200, response: ScreeningQuestionsSaved,
  }),
});
