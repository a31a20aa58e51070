import { z } from 'zod';
import { Id, IsoDate } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';
import { Actor } from './reporting.ts';
import { Signature, SignatureInput } from './signatures.ts';
import { FOLLOWUP_METHODS, FOLLOWUP_METHOD_LABELS } from './submissions.ts';

/** The error code of a close refused while conditions are missing; the answer lists them. */
export const NOT_READY = 'not_ready';

export const SUMMARY_MAX = 5000;
export const REASON_MIN = 10;
export const REASON_MAX = 2000;
export const RESULT_MAX = 2000;

/** How the reply reached the complainant: the follow-ups' channels. */
export const REPLY_CHANNELS = FOLLOWUP_METHODS;
export const REPLY_CHANNEL_LABELS = FOLLOWUP_METHOD_LABELS;

const text = (field: string, min: number, max: number) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(min, min > 1 ? `${field} must be at least ${min} characters` : `${field} cannot be empty`)
    .max(max, `${field} must be at most ${max} characters`);

/** The investigation (its summary and result) or the reason there was none, and who decided; signed. */
export const Investigation = z.object({
  id: z.string(),
  outcome: z.enum(['investigated', 'not_investigated']),
  summary: z.string().nullable(),
  result: z.string().nullable(),
  /** Why no investigation was made (820.198(b)). */
  reason: z.string().nullable(),
  /** Who recorded it: for no investigation, the person responsible for that decision. */
  decidedBy: Actor,
  at: z.string(),
});
export type Investigation = z.infer<typeof Investigation>;

/** The reply to the complainant, or the reason none is needed. */
export const Reply = z.object({
  id: z.string(),
  outcome: z.enum(['replied', 'not_needed']),
  repliedOn: z.string().nullable(),
  channel: z.enum(REPLY_CHANNELS).nullable(),
  text: z.string().nullable(),
  reason: z.string().nullable(),
  recordedBy: Actor,
  at: z.string(),
});
export type Reply = z.infer<typeof Reply>;

/** The conditions of closing, in the order the checklist shows them. */
export const CLOSURE_CONDITIONS = ['decision', 'investigation', 'reports', 'reply', 'transfer'] as const;
export type ClosureCondition = (typeof CLOSURE_CONDITIONS)[number];
export const CONDITION_LABELS: Record<ClosureCondition, string> = {
  decision: 'Signed reportability decision',
  investigation: 'Signed investigation, or the reason for none',
  reports: 'Every required report filed',
  reply: 'Reply to the complainant recorded, or why none is needed',
  transfer: 'Quality process in Arena (or the complaint denied)',
};

export const ClosureEvent = z.object({ action: z.enum(['close', 'reopen']), text: z.string(), at: z.string(), by: Actor });
export type ClosureEvent = z.infer<typeof ClosureEvent>;

/** A complaint's closure: whether it is closed, what is still missing, the investigation and reply, and every close and reopen. */
export const Closure = z.object({
  closed: z.boolean(),
  closedAt: z.string().nullable(),
  checklist: z.array(z.object({ condition: z.enum(CLOSURE_CONDITIONS), done: z.boolean(), missing: z.string().nullable() })),
  /** The sentences of the conditions not met, as a refused close lists them. */
  missing: z.array(z.string()),
  investigation: Investigation.nullable(),
  reply: Reply.nullable(),
  events: z.array(ClosureEvent),
  signatures: z.array(Signature),
});
export type Closure = z.infer<typeof Closure>;

export const InvestigationBody = z.discriminatedUnion(
  'outcome',
  [
    z.object({ outcome: z.literal('investigated'), summary: text('summary', 1, SUMMARY_MAX), result: text('result', 1, RESULT_MAX), signature: SignatureInput }),
    z.object({ outcome: z.literal('not_investigated'), reason: text('reason', REASON_MIN, REASON_MAX), signature: SignatureInput }),
  ],
  { message: 'outcome must be investigated or not_investigated' },
);
export type InvestigationBody = z.infer<typeof InvestigationBody>;

export const ReplyBody = z.discriminatedUnion(
  'outcome',
  [
    z.object({
      outcome: z.literal('replied'),
      repliedOn: IsoDate,
      channel: z.enum(REPLY_CHANNELS, { message: `channel must be one of ${REPLY_CHANNELS.join(', ')}` }),
      text: text('text', 1, SUMMARY_MAX),
    }),
    z.object({ outcome: z.literal('not_needed'), reason: text('reason', REASON_MIN, REASON_MAX) }),
  ],
  { message: 'outcome must be replied or not_needed' },
);
export type ReplyBody = z.infer<typeof ReplyBody>;

export const CloseBody = z.object({ summary: text('summary', REASON_MIN, SUMMARY_MAX), signature: SignatureInput });
export const ReopenBody = z.object({ reason: text('reason', REASON_MIN, REASON_MAX) });

const SubmissionParams = z.object({ id: Id });

export const closureApi = defineApi('closure', {
  get: defineEndpoint({
    method: 'GET', path: '/v1/jotforms/submission/:id/closure', tag: 'Closure',
    summary: 'Whether a complaint is closed, the closing checklist, its investigation and reply, every close and reopen, and its signatures',
    access: { capability: 'submissions' }, params: SubmissionParams, status: 200, response: Closure,
  }),
  investigation: defineEndpoint({
    method: 'PUT', path: '/v1/jotforms/submission/:id/investigation', tag: 'Closure',
    summary: 'Record the investigation (summary and result) or why there was none; signed "Investigation reviewed"',
    access: { capability: 'submissions' }, params: SubmissionParams, body: InvestigationBody, status: 200, response: Closure,
  }),
  reply: defineEndpoint({
    method: 'PUT', path: '/v1/jotforms/submission/:id/reply', tag: 'Closure',
    summary: 'Record the reply to the complainant (date, channel, text) or why none is needed',
    access: { capability: 'submissions' }, params: SubmissionParams, body: ReplyBody, status: 200, response: Closure,
  }),
  close: defineEndpoint({
    method: 'POST', path: '/v1/jotforms/submission/:id/close', tag: 'Closure',
    summary: 'Close the complaint, signed "Complaint closed"; 409 {code: not_ready, missing} while a condition is not met',
    access: { capability: 'submissions' }, params: SubmissionParams, body: CloseBody, status: 200, response: Closure,
  }),
  reopen: defineEndpoint({
    method: 'POST', path: '/v1/jotforms/submission/:id/reopen', tag: 'Closure',
    summary: 'Reopen a closed complaint, with the reason',
    access: { capability: 'submissions' }, params: SubmissionParams, body: ReopenBody, status: 200, response: Closure,
  }),
});
