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

/** Keys the answer schema reads; any other key of an answer is kept as it came. */
const ANSWER_KEYS = new Set(['name', 'order', 'text', 'type', 'answer', 'prettyFormat', 'sublabels']);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return (proto === Object.prototype || proto === null) && !Object.hasOwn(v, '__proto__');
}

/** `optionalStr`'s reading of a value it accepts; undefined for one it does not. */
const optionalText = (v: unknown): string | undefined => (v === null || v === undefined ? '' : typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/**
 * An answer in one of the shapes JotForm sends, read as `JotformAnswerSchema` reads it (the same
 * keys, in the same order, with the same values), without the schema's machinery: a page of 1,000
 * submissions holds some 22,000 answers, and the schema's work on them was the largest part of
 * reading a page. Undefined for anything else, which the schema then reads (and reports).
 */
function plainAnswer(a: unknown): JotformAnswer | undefined {
  if (!isPlainObject(a) || typeof a.type !== 'string') return undefined;
  const name = optionalText(a.name);
  const order = optionalText(a.order);
  const text = optionalText(a.text);
  if (name === undefined || order === undefined || text === undefined) return undefined;
  const out: JotformAnswer = { name, order, text, type: a.type };
  if (Object.hasOwn(a, 'answer')) {
    const v = a.answer;
    if (v === null || v === undefined) out.answer = undefined;
    else if (typeof v === 'string') out.answer = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out.answer = String(v);
    else if (Array.isArray(v)) out.answer = [...(v as unknown[])];
    else if (isPlainObject(v)) out.answer = { ...v };
    else return undefined;
  }
  if (Object.hasOwn(a, 'prettyFormat')) {
    const v = a.prettyFormat;
    if (v === undefined || typeof v === 'string') out.prettyFormat = v;
    else if (typeof v === 'number') out.prettyFormat = String(v);
    else return undefined;
  }
  if (Object.hasOwn(a, 'sublabels')) {
    const v = a.sublabels;
    if (v === undefined || typeof v === 'string') out.sublabels = v;
    else if (isPlainObject(v)) out.sublabels = { ...v };
    else return undefined;
  }
  for (const key of Object.keys(a)) if (!ANSWER_KEYS.has(key)) out[key] = a[key];
  return out;
}

const AnswersMapSchema = mapLike(JotformAnswerSchema);

/**
 * A submission's answers by qid (a PHP empty array for none): read directly when every answer has
 * a shape JotForm sends, else by the schema, whose issues are then the reply's.
 */
const AnswersSchema = z.unknown().transform((v, ctx): Record<string, JotformAnswer> => {
  const map: unknown = Array.isArray(v) ? Object.fromEntries(v.map((item, i) => [String(i), item])) : v;
  if (isPlainObject(map)) {
    const out: Record<string, JotformAnswer> = {};
    let plain = true;
    for (const qid of Object.keys(map)) {
      const answer = plainAnswer(map[qid]);
      if (!answer) {
        plain = false;
        break;
      }
      out[qid] = answer;
    }
    if (plain) return out;
  }
  const read = AnswersMapSchema.safeParse(v);
  if (read.success) return read.data;
  ctx.issues.push(...(read.error.issues as typeof ctx.issues));
  return z.NEVER;
});

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
  answers: AnswersSchema,
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
