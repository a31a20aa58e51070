import { z } from 'zod';
import { Id } from './common.ts';
import { defineApi, defineEndpoint } from './endpoints.ts';
import { Actor } from './reporting.ts';

/**
 * The annexes of the IMDRF adverse-event terminology the portal ships (docs/features/coding.md):
 * A device problem, C investigation type, D investigation finding (with C, the investigation),
 * E clinical signs, F health impact. A code's first letter is its annex.
 */
export const IMDRF_ANNEXES = ['A', 'C', 'D', 'E', 'F'] as const;
export type ImdrfAnnex = (typeof IMDRF_ANNEXES)[number];
export const IMDRF_ANNEX_NAMES: Record<ImdrfAnnex, string> = {
  A: 'Medical device problem',
  C: 'Investigation type',
  D: 'Investigation finding',
  E: 'Clinical signs and symptoms',
  F: 'Health impact',
};
/** The annex of a code (its first letter), or null when the code names none the portal ships. */
export const annexOf = (code: string): ImdrfAnnex | null => {
  const a = code.charAt(0);
  return (IMDRF_ANNEXES as readonly string[]).includes(a) ? (a as ImdrfAnnex) : null;
};

/** One term of the terminology; `selectable` false: a heading or retired term that cannot be coded. */
export const ImdrfCode = z.object({
  code: z.string(),
  term: z.string(),
  definition: z.string(),
  annex: z.enum(IMDRF_ANNEXES),
  selectable: z.boolean(),
});
export type ImdrfCode = z.infer<typeof ImdrfCode>;

export const ImdrfCodesQuery = z.object({
  /** Words or a code: matches the code, the term and the definition (case-insensitive); empty lists all. */
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  annex: z.enum(IMDRF_ANNEXES, { message: `annex must be one of ${IMDRF_ANNEXES.join(', ')}` }).optional(),
  limit: z.coerce.number({ message: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be between 1 and 5000').max(5000, 'limit must be between 1 and 5000').default(50),
});
export const ImdrfCodes = z.object({
  /** The release of the terminology the portal ships, e.g. "2025 (Release 2025)". */
  release: z.string(),
  codes: z.array(ImdrfCode),
});
export type ImdrfCodes = z.infer<typeof ImdrfCodes>;

/** One code recorded on a complaint, with the release it was chosen from, who chose it and when. */
export const SubmissionCode = z.object({
  code: z.string(),
  term: z.string(),
  annex: z.enum(IMDRF_ANNEXES),
  release: z.string(),
  /** Who chose it (null: an account since deleted, shown by the e-mail kept in the history). */
  codedBy: Actor,
  codedAt: z.string(),
});
export type SubmissionCode = z.infer<typeof SubmissionCode>;

export const SUBMISSION_CODES_MAX = 30;
export const SetCodesBody = z.strictObject(
  {
    /** The complaint's codes after the change (replaces the set); a code kept keeps its release and who coded it. */
    codes: z
      .array(z.string().trim().min(1, 'a code cannot be empty').max(20, 'a code is at most 20 characters'), { message: 'codes must be a list of codes' })
      .max(SUBMISSION_CODES_MAX, `at most ${SUBMISSION_CODES_MAX} codes`),
  },
  { message: 'unknown field' },
);
export type SetCodesBody = z.infer<typeof SetCodesBody>;
export const SubmissionCodes = z.object({ results: z.array(SubmissionCode) });

/** Error codes of a refused coding (4xx {code, message}). */
export const CODING_ERRORS = { unknown: 'unknown_code', notSelectable: 'code_not_selectable' } as const;

const SubmissionParams = z.object({ id: Id });

export const imdrfApi = defineApi('imdrf', {
  codes: defineEndpoint({
    method: 'GET', path: '/v1/imdrf/codes', tag: 'IMDRF', summary: 'The IMDRF adverse-event terms the portal ships, searched by code, term or definition',
    access: { capability: 'submissions' }, query: ImdrfCodesQuery, status: 200, response: ImdrfCodes,
  }),
  submissionCodes: defineEndpoint({
    method: 'GET', path: '/v1/jotforms/submission/:id/codes', tag: 'IMDRF', summary: "A complaint's IMDRF codes",
    access: { capability: 'submissions' }, params: SubmissionParams, status: 200, response: SubmissionCodes,
  }),
  setCodes: defineEndpoint({
    method: 'PUT', path: '/v1/jotforms/submission/:id/codes', tag: 'IMDRF',
    summary: "Set a complaint's IMDRF codes (the whole set); unknown and not-selectable codes are refused",
    access: { capability: 'submissions' }, params: SubmissionParams, body: SetCodesBody, status: 200, response: SubmissionCodes,
  }),
});
