import type { JotformAnswer } from '#shared/jotform-answer';
import { z } from 'zod';

/*
 * JotForm's payloads, read loosely: extra keys are kept (JotForm adds per-type keys freely), numbers
 * may come as strings or numbers and are normalised to strings as JotForm mostly sends them, and a
 * PHP empty array (`[]`) stands for an empty map.
 */

/** A scalar JotForm may send as string or number; kept as a string. */
const str = z.union([z.string(), z.number(), z.boolean()]).transform((v) => String(v));
const optionalStr = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));
/** `null`, '' or the zero date all mean "never". */
const timestampOrNull = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (!v || v.startsWith('0000-00-00') ? null : v));

/** A map keyed by id that PHP may encode as an array (always `[]` when empty). */
function mapLike<T extends z.ZodType>(value: T) {
  return z.preprocess(
    (v) => (Array.isArray(v) ? Object.fromEntries(v.map((item, i) => [String(i), item])) : v),
    z.record(z.string(), value),
  );
}

const number = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)]);

export const EnvelopeSchema = z.looseObject({
  responseCode: number.optional(),
  message: z.unknown().optional(),
  content: z.unknown(),
  'limit-left': number.optional().catch(undefined),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

export const ResultSetSchema = z.looseObject({
  offset: number.optional(),
  limit: number.optional(),
  count: number.optional(),
  orderby: z.string().optional(),
});
export type JotformResultSet = z.infer<typeof ResultSetSchema>;

/** An answer is a string, a list (checkbox, uploads) or an object (name, address, date, phone, matrix). */
const answerValue = z
  .preprocess(
    (v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : v === null ? undefined : v),
    z.union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
  )
  .optional();

const JotformAnswerSchema = z.looseObject({
  name: optionalStr,
  order: optionalStr,
  text: optionalStr,
  type: z.string(),
  answer: answerValue,
  prettyFormat: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined ? undefined : String(v))),
  /** A JSON-encoded string in answers (an object in questions). */
  sublabels: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
}) satisfies z.ZodType<JotformAnswer>;

export const JotformSubmissionSchema = z.looseObject({
  id: str,
  form_id: str,
  ip: optionalStr,
  created_at: z.string(),
  updated_at: timestampOrNull,
  status: str,
  new: str,
  flag: str,
  notes: optionalStr,
  /** Keyed by qid; every form field appears, answered or not. */
  answers: mapLike(JotformAnswerSchema),
});
export type JotformSubmission = z.infer<typeof JotformSubmissionSchema>;

export const JotformFormSchema = z.looseObject({
  id: str,
  username: optionalStr,
  title: optionalStr,
  status: str,
  created_at: optionalStr,
  updated_at: timestampOrNull,
  count: optionalStr,
  new: optionalStr,
  url: optionalStr,
});
export type JotformForm = z.infer<typeof JotformFormSchema>;

export const JotformQuestionSchema = z.looseObject({
  qid: str,
  order: str,
  type: z.string(),
  text: optionalStr,
  name: optionalStr,
});
export type JotformQuestion = z.infer<typeof JotformQuestionSchema>;

export const QuestionsContentSchema = mapLike(JotformQuestionSchema);

/** PUT /form/{id}/questions replies with the request keys; qid and order came back as numbers. */
export const AddedQuestionsContentSchema = mapLike(z.looseObject({ qid: str, order: str.optional() }));

/** GET /user: the account the API key belongs to ("Get user account details", JotForm's client `user.get`). */
export const JotformUserSchema = z.looseObject({
  username: str,
  name: optionalStr,
  account_type: optionalStr,
  /** The account's time zone, on whose wall clock JotForm writes its timestamps. */
  time_zone: optionalStr,
});
export type JotformUser = z.infer<typeof JotformUserSchema>;

export const SubmissionsContentSchema = z.array(JotformSubmissionSchema);
export const FormsContentSchema = z.array(JotformFormSchema);
export const WebhooksContentSchema = mapLike(z.string());

/** DELETE and edit replies are not relied on: anything goes. */
export const AnyContentSchema = z.unknown();
