import { z } from 'zod';
import { Id } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';
import { Actor } from './reporting.ts';
import { MEAN_MONTHS, SIGNAL_RULE_KINDS } from '../trends/signal-rules.ts';

/** YYYY-MM: a calendar month. */
export const Month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'months are written YYYY-MM')
  .refine((v) => Number(v.slice(0, 4)) >= 1900 && Number(v.slice(0, 4)) <= 2200, 'months must lie between 1900 and 2200');

/** The most months one trends query spans. */
export const TRENDS_MAX_MONTHS = 120;
/** The months the page shows first: this one and the 11 before it. */
export const TRENDS_DEFAULT_MONTHS = 12;

const monthsApart = (from: string, to: string) => (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));

export const TrendsQuery = z
  .object({
    /** First month, included (default: 11 months before `to`). */
    from: Month.optional(),
    /** Last month, included (default: this month in the portal's time zone). */
    to: Month.optional(),
    /** One product, as the complaints name it. */
    product: z.string().trim().min(1, 'product cannot be empty').max(200, 'product must be at most 200 characters').optional(),
    /** One IMDRF code. */
    code: z.string().trim().min(1, 'code cannot be empty').max(20, 'code must be at most 20 characters').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => !q.from || !q.to || monthsApart(q.from, q.to) < TRENDS_MAX_MONTHS, { message: `a period spans at most ${TRENDS_MAX_MONTHS} months`, path: ['from'] });
export type TrendsQuery = z.input<typeof TrendsQuery>;

/** Complaints of a month with one product and one code (null: complaints with no code yet); a complaint with two codes counts under each. */
export const TrendRow = z.object({
  month: z.string(),
  /** null: complaints whose product is not named. */
  product: z.string().nullable(),
  code: z.string().nullable(),
  count: z.number().int(),
});
export type TrendRow = z.infer<typeof TrendRow>;

/** Complaints of a month with one product, each counted once (with the `code` filter: those with that code). */
export const TrendTotal = z.object({ month: z.string(), product: z.string().nullable(), count: z.number().int() });
export type TrendTotal = z.infer<typeof TrendTotal>;

const Factor = z
  .number({ message: 'factor must be a number' })
  .gt(1, 'factor must be more than 1')
  .max(100, 'factor must be at most 100')
  .refine((f) => Math.abs(f * 100 - Math.round(f * 100)) < 1e-9, 'factor has at most two decimals');
const Count = (field: string, max: number) => z.number({ message: `${field} must be a number` }).int(`${field} must be a whole number`).min(1, `${field} must be at least 1`).max(max, `${field} must be at most ${max}`);
const Product = z.string({ message: 'product is required' }).trim().min(1, 'product is required').max(200, 'product must be at most 200 characters');
const Code = z
  .string()
  .trim()
  .min(1, 'code cannot be empty')
  .max(20, 'code must be at most 20 characters')
  .transform((v) => v.toUpperCase())
  .nullable()
  .default(null);

/** A rule as set: a count in a rolling window, or above the monthly mean of the last 12 months by a factor. */
export const SignalRuleBody = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('count'), product: Product, code: Code, windowDays: Count('windowDays', 366), count: Count('count', 100_000) }, { message: 'unknown field' }),
    z.strictObject({ kind: z.literal('mean'), product: Product, code: Code, factor: Factor, minCount: Count('minCount', 100_000) }, { message: 'unknown field' }),
  ],
  { message: `kind must be one of ${SIGNAL_RULE_KINDS.join(', ')}` },
);
export type SignalRuleBody = z.input<typeof SignalRuleBody>;

const RuleFields = z.object({
  kind: z.enum(SIGNAL_RULE_KINDS),
  product: z.string(),
  code: z.string().nullable(),
  /** count rules: the window and the count that fires it; null for mean rules. */
  windowDays: z.number().int().nullable(),
  count: z.number().int().nullable(),
  /** mean rules: the factor and the least count that fires it; null for count rules. */
  factor: z.number().nullable(),
  minCount: z.number().int().nullable(),
});
export type RuleFields = z.infer<typeof RuleFields>;

export const SignalRule = RuleFields.extend({
  id: z.string(),
  /** The sentence the page shows: "5 or more complaints in 30 days". */
  condition: z.string(),
  createdBy: Actor,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The signal this rule has raised and that still holds, if any. */
  firing: z.boolean(),
});
export type SignalRule = z.infer<typeof SignalRule>;

/** A rule that fired: the rule as it was then, and the counts that fired it. */
export const Signal = z.object({
  id: z.string(),
  ruleId: z.string(),
  rule: RuleFields,
  condition: z.string(),
  firedAt: z.string(),
  /** YYYY-MM of the day it fired (the chart's mark). */
  month: z.string(),
  count: z.number().int(),
  threshold: z.number().int(),
  /** Mean rules: the monthly mean of the 12 months before. */
  mean: z.number().nullable(),
  windowFrom: z.string(),
  windowTo: z.string(),
  /** When the rule stopped holding (or was changed or removed); null while it holds. */
  clearedAt: z.string().nullable(),
});
export type Signal = z.infer<typeof Signal>;

export const Trends = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(TrendRow),
  totals: z.array(TrendTotal),
  /** Signals fired within the period, of the product (and code) asked for, newest first. */
  signals: z.array(Signal),
  /** For the filters: the products named on the period's complaints, and the codes of its rows (of the product and code asked for). */
  products: z.array(z.string()),
  codes: z.array(z.string()),
});
export type Trends = z.infer<typeof Trends>;

/** One complaint like this one: the same product, one of the same device-problem codes, within the last 12 months. */
export const SimilarComplaint = z.object({
  id: z.string(),
  chNumber: z.string().nullable(),
  submitter: z.string(),
  becomeAwareDate: z.string(),
  /** The device-problem codes it shares with this one. */
  codes: z.array(z.string()),
  submissionStatus: z.string(),
  closed: z.boolean(),
  /** Its current investigation, or null when none is recorded. */
  investigation: z
    .object({ outcome: z.enum(['investigated', 'not_investigated']), summary: z.string().nullable(), result: z.string().nullable(), reason: z.string().nullable(), at: z.string() })
    .nullable(),
});
export type SimilarComplaint = z.infer<typeof SimilarComplaint>;

export const SimilarComplaints = z.object({
  /** This complaint's product and device-problem (Annex A) codes: what "similar" matched on. */
  product: z.string().nullable(),
  codes: z.array(z.string()),
  /** The first day looked at (12 months before today). */
  since: z.string(),
  results: z.array(SimilarComplaint),
});
export type SimilarComplaints = z.infer<typeof SimilarComplaints>;

export const SIMILAR_MONTHS = MEAN_MONTHS;
export const SIMILAR_MAX = 50;

const RuleParams = z.object({ ruleId: Id });

export const trendsApi = defineApi('trends', {
  get: defineEndpoint({
    method: 'GET', path: '/v1/trends', tag: 'Trends',
    summary: 'Complaints per month by product and IMDRF code, each product\'s monthly totals, and the signals fired in the period',
    access: { capability: 'trends' }, query: TrendsQuery, status: 200, response: Trends,
  }),
  signals: defineEndpoint({
    method: 'GET', path: '/v1/trends/signals', tag: 'Trends', summary: 'The signals that still hold, newest first (the dashboard card)',
    access: { capability: 'trends' }, status: 200, response: z.object({ results: z.array(Signal) }),
  }),
  rules: defineEndpoint({
    method: 'GET', path: '/v1/trends/rules', tag: 'Trends', summary: 'The signal rules, by product',
    access: { capability: 'trends' }, status: 200, response: z.object({ results: z.array(SignalRule) }),
  }),
  createRule: defineEndpoint({
    method: 'POST', path: '/v1/trends/rules', tag: 'Trends', summary: 'Set a signal rule; it is evaluated at once',
    access: { capability: 'signalRules' }, body: SignalRuleBody, status: 201, response: SignalRule,
  }),
  updateRule: defineEndpoint({
    method: 'PUT', path: '/v1/trends/rules/:ruleId', tag: 'Trends', summary: 'Change a signal rule: a signal it raised is cleared, and the rule evaluated again',
    access: { capability: 'signalRules' }, params: RuleParams, body: SignalRuleBody, status: 200, response: SignalRule,
  }),
  deleteRule: defineEndpoint({
    method: 'DELETE', path: '/v1/trends/rules/:ruleId', tag: 'Trends', summary: 'Remove a signal rule; the signals it raised stay on record',
    access: { capability: 'signalRules' }, params: RuleParams, status: 204, response: z.null(),
  }),
  similar: defineEndpoint({
    method: 'GET', path: '/v1/jotforms/submission/:id/similar', tag: 'Trends',
    summary: 'Complaints with the same product and a device-problem code of this one in the last 12 months, newest first, with their investigation',
    access: { capability: 'submissions' }, params: z.object({ id: Id }), status: 200, response: SimilarComplaints,
  }),
});
