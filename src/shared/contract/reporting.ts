import { z } from 'zod';
import { CATEGORIES, REGIMES } from '../reporting/clocks.ts';
import { Id, IsoDate } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';
import { Signature, SignatureInput } from './signatures.ts';

export { CATEGORIES, REGIMES };
export type { Category, Regime } from '../reporting/clocks.ts';

/** How a regime and a category read on screen. */
export const REGIME_LABELS: Record<(typeof REGIMES)[number], string> = {
  US_MDR: 'US MDR (21 CFR 803, manufacturer)',
  US_USER_FACILITY: 'US user facility (21 CFR 803.30)',
  EU_MDR: 'EU MDR (Art. 87)',
};
export const CATEGORY_LABELS: Record<(typeof CATEGORIES)[number], string> = {
  standard: 'Standard',
  death_or_serious_deterioration: 'Death or serious deterioration',
  public_health_threat: 'Serious public health threat',
  remedial_action: 'Remedial action / FDA request',
};

export const DECISIONS = ['reportable', 'not_reportable'] as const;
export type Decision = (typeof DECISIONS)[number];
/** The list's `decision` filter: a decision, or none yet. */
export const DECISION_FILTERS = ['undecided', ...DECISIONS] as const;
export type DecisionFilter = (typeof DECISION_FILTERS)[number];

/** `none`: no clock runs; `due_soon`: ≤ 3 days left; `met`: every regime reported. */
export const CLOCK_STATES = ['none', 'open', 'due_soon', 'overdue', 'met'] as const;
export type ClockStateName = (typeof CLOCK_STATES)[number];
/**
 * The list's `clock` filter: a clock state, or `due_within_7_days` (the dashboard card: the
 * earliest open clock falls due from today to today + 7, `due_soon` and part of `open`).
 */
export const CLOCK_FILTERS = ['overdue', 'due_soon', 'open', 'due_within_7_days'] as const;
export type ClockFilter = (typeof CLOCK_FILTERS)[number];

export const RATIONALE_MIN = 10;
export const RATIONALE_MAX = 4000;
export const REPORT_REFERENCE_MAX = 200;

export const ReportingClock = z.object({ regime: z.enum(REGIMES), due: z.string(), reportedOn: z.string().nullable() });
export type ReportingClock = z.infer<typeof ReportingClock>;

/** The fields every submission row and details reply carry beside the JotForm and workflow fields. */
export const ReportingFields = z.object({
  reportingClocks: z.array(ReportingClock),
  /** The earliest due date of a clock still open, or null. */
  reportingDue: z.string().nullable(),
  clock: z.enum(CLOCK_STATES),
  /** The submission's current reportability decision. */
  decision: z.enum(DECISION_FILTERS),
});

/** Who did something: a user of the portal, or null for the portal itself / JotForm. */
export const Actor = z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable();
export type Actor = z.infer<typeof Actor>;

export const ReportabilityDecision = z.object({
  id: z.string(),
  decision: z.enum(DECISIONS),
  /** Null for a decision made through the mark-reportable call. */
  rationale: z.string().nullable(),
  regimes: z.array(z.enum(REGIMES)),
  category: z.enum(CATEGORIES).nullable(),
  /** Each regime's own category, when the decision follows an assessment's outcome (empty otherwise). */
  categories: z.partialRecord(z.enum(REGIMES), z.enum(CATEGORIES)),
  /** The assessment the decision finalises (null: recorded without one). */
  assessmentId: z.string().nullable(),
  /** Why it differs from that assessment's outcome (null: it follows the outcome, or there is none). */
  reason: z.string().nullable(),
  decidedAt: z.string(),
  decidedBy: Actor,
});
export type ReportabilityDecision = z.infer<typeof ReportabilityDecision>;

export const FiledReport = z.object({
  id: z.string(),
  regime: z.enum(REGIMES),
  /** YYYY-MM-DD the report went to the authority. */
  reportedOn: z.string(),
  /** The authority's reference, e.g. the MedWatch or EUDAMED number. */
  reference: z.string(),
  filedAt: z.string(),
  filedBy: Actor,
});
export type FiledReport = z.infer<typeof FiledReport>;

/** A submission's reportability: the current decision, every decision newest first, the reports filed. */
export const Reportability = ReportingFields.extend({
  current: ReportabilityDecision.nullable(),
  decisions: z.array(ReportabilityDecision),
  reports: z.array(FiledReport),
  /** The regimes an undecided submission runs clocks for (`REPORTING_REGIMES`). */
  defaultRegimes: z.array(z.enum(REGIMES)),
  /** The signatures of the decisions, newest first; the current decision is signed when the newest is valid. */
  signatures: z.array(Signature),
  /** The complaint is closed: nothing here changes until it is reopened. */
  closed: z.boolean(),
});
export type Reportability = z.infer<typeof Reportability>;

const SubmissionParams = z.object({ id: Id });
const text = (field: string, min: number, max: number) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(min, min > 1 ? `${field} must be at least ${min} characters` : `${field} cannot be empty`)
    .max(max, `${field} must be at most ${max} characters`);

export const DecideBody = z
  .object({
    decision: z.enum(DECISIONS, { message: `decision must be one of ${DECISIONS.join(', ')}` }),
    rationale: text('rationale', RATIONALE_MIN, RATIONALE_MAX),
    /** Defaults to `REPORTING_REGIMES`. */
    regimes: z
      .array(z.enum(REGIMES, { message: `regimes must be among ${REGIMES.join(', ')}` }))
      .min(1, 'choose at least one regime')
      .refine((r) => new Set(r).size === r.length, 'a regime is named twice')
      .optional(),
    category: z.enum(CATEGORIES, { message: `category must be one of ${CATEGORIES.join(', ')}` }).optional(),
    /** The assessment this decision finalises: its outcome gives the regimes and their categories (docs/features/reportability-assessment.md). */
    assessmentId: Id.optional(),
    /** Required when the decision differs from that assessment's outcome: why. */
    reason: text('reason', RATIONALE_MIN, RATIONALE_MAX).optional(),
    /** Recording or revising a decision is signed "Reportability decided" (docs/features/signatures.md). */
    signature: SignatureInput,
  })
  .refine((b) => b.decision === 'not_reportable' || b.category !== undefined || b.assessmentId !== undefined, {
    message: 'a category is required for a reportable decision',
    path: ['category'],
  })
  .refine((b) => b.assessmentId === undefined || (b.category === undefined && b.regimes === undefined), {
    message: "a decision on an assessment takes its regimes and categories from the assessment's outcome: leave category and regimes out",
    path: ['assessmentId'],
  });

export const FileReportBody = z.object({
  regime: z.enum(REGIMES, { message: `regime must be one of ${REGIMES.join(', ')}` }),
  reportedOn: IsoDate,
  reference: text('reference', 1, REPORT_REFERENCE_MAX),
});

export const reportingApi = defineApi('reporting', {
  get: defineEndpoint({
    method: 'GET', path: '/v1/jotforms/submission/:id/reportability', tag: 'Reporting',
    summary: 'The reportability decision of a submission, every earlier decision, the reports filed and its clocks',
    access: { capability: 'submissions' }, params: SubmissionParams, status: 200, response: Reportability,
  }),
  decide: defineEndpoint({
    method: 'PUT', path: '/v1/jotforms/submission/:id/reportability', tag: 'Reporting',
    summary: 'Record a reportability decision with its rationale, signed "Reportability decided" (reportable is one way: a reportable submission cannot be decided not reportable); the same decision again signs it when it is unsigned',
    access: { capability: 'submissions' }, params: SubmissionParams, body: DecideBody, status: 200, response: Reportability,
  }),
  fileReport: defineEndpoint({
    method: 'POST', path: '/v1/jotforms/submission/:id/reportability/reports', tag: 'Reporting',
    summary: 'Record that the report for a regime was filed (closes that clock)',
    access: { capability: 'submissions' }, params: SubmissionParams, body: FileReportBody, status: 201, response: Reportability,
  }),
});
