import { z } from 'zod';
import { CATEGORIES, REGIMES } from '../reporting/clocks.ts';
import { Id, IsoDate } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';
import { Actor, RATIONALE_MAX, RATIONALE_MIN } from './reporting.ts';

/** One question of a set: the regulation's test, its help and the paragraph it comes from. */
export const AssessmentQuestion = z.object({
  id: z.string(),
  text: z.string(),
  help: z.string(),
  source: z.string(),
  /** Asked only when one of these groups of answers holds (`id` yes, `!id` no); absent: always asked. */
  askedIf: z.array(z.array(z.string())).optional(),
});
export type AssessmentQuestion = z.infer<typeof AssessmentQuestion>;

export const QuestionSets = z.object({
  version: z.number().int(),
  /** YYYY-MM-DD the version was published. */
  published: z.string(),
  /** One set per regime the portal runs (`REPORTING_REGIMES`). */
  sets: z.array(z.object({ regime: z.enum(REGIMES), questions: z.array(AssessmentQuestion) })),
  /** The work-day holidays due dates skip, last year to next year, as the server counts them. */
  holidays: z.array(z.string()),
});
export type QuestionSets = z.infer<typeof QuestionSets>;

export const AssessmentOutcome = z.object({
  regime: z.enum(REGIMES),
  reportable: z.boolean(),
  category: z.enum(CATEGORIES).nullable(),
  /** YYYY-MM-DD, the last day to file, counted from the awareness date; null when not reportable. */
  due: z.string().nullable(),
  /** The paragraph that sets the deadline, with the deadline. */
  basis: z.string().nullable(),
  /** Who receives the report. */
  recipients: z.array(z.string()),
});
export type AssessmentOutcome = z.infer<typeof AssessmentOutcome>;

export const Assessment = z.object({
  id: z.string(),
  /** The version of the questions it was answered under. */
  version: z.number().int(),
  answers: z.record(z.string(), z.boolean()),
  outcomes: z.array(AssessmentOutcome),
  awareDate: z.string(),
  /** Why the awareness date was changed from the become-aware date (null: it was not). */
  awareDateReason: z.string().nullable(),
  assessedAt: z.string(),
  assessedBy: Actor,
  /** The decision that finalised it, if one did (the newest). */
  decision: z.object({ id: z.string(), decision: z.enum(['reportable', 'not_reportable']), decidedAt: z.string() }).nullable(),
});
export type Assessment = z.infer<typeof Assessment>;

export const Assessments = z.object({
  /** Every assessment, newest first, each with the version it was answered under. */
  results: z.array(Assessment),
  /** A follow-up brought new information after the latest assessment: assess again (null: none). */
  newInformation: z.object({ at: z.string(), by: Actor }).nullable(),
});
export type Assessments = z.infer<typeof Assessments>;

export const AWARE_REASON_MAX = RATIONALE_MAX;

export const AssessBody = z.object({
  answers: z.record(z.string().max(100, 'a question id is at most 100 characters'), z.boolean({ message: 'each answer is true or false' }), { message: 'answers maps each question id to true or false' }),
  /** Defaults to the submission's become-aware date; another date needs `awareDateReason`. */
  awareDate: IsoDate.optional(),
  awareDateReason: z
    .string()
    .trim()
    .min(RATIONALE_MIN, `awareDateReason must be at least ${RATIONALE_MIN} characters`)
    .max(AWARE_REASON_MAX, `awareDateReason must be at most ${AWARE_REASON_MAX} characters`)
    .optional(),
});
export type AssessBody = z.infer<typeof AssessBody>;

const SubmissionParams = z.object({ id: Id });

export const assessmentsApi = defineApi('assessments', {
  questions: defineEndpoint({
    method: 'GET', path: '/v1/reporting/questions', tag: 'Reporting',
    summary: 'The current version of the reportability questions: one set per regime the portal runs, each question with its help and source',
    access: { capability: 'submissions' }, query: z.object({ version: z.coerce.number({ message: 'version must be a number' }).int('version must be a whole number').min(1, 'version starts at 1').optional() }),
    status: 200, response: QuestionSets,
  }),
  list: defineEndpoint({
    method: 'GET', path: '/v1/jotforms/submission/:id/assessments', tag: 'Reporting',
    summary: 'Every reportability assessment of a submission, newest first, with the version and answers it was made with',
    access: { capability: 'submissions' }, params: SubmissionParams, status: 200, response: Assessments,
  }),
  create: defineEndpoint({
    method: 'POST', path: '/v1/jotforms/submission/:id/assessments', tag: 'Reporting',
    summary: "Answer the current questions: the outcome per regime with its due date from the awareness date (changing that date needs a reason); an earlier assessment is kept",
    access: { capability: 'submissions' }, params: SubmissionParams, body: AssessBody, status: 201, response: Assessment,
  }),
});
