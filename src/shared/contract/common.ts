import { z } from 'zod';
import { isCalendarDate } from '../dates.ts';

/** Error body of every 4xx/5xx answer: a code for programs, a message for people. */
export const ApiErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.string()).optional(),
  /** A sign-in that goes on with a second factor (code `mfa_required`). */
  challenge: z.string().optional(),
  /** A close refused (code `not_ready`): what is still to be done, a sentence each. */
  missing: z.array(z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export const ERROR_CODES = {
  badRequest: 'bad_request',
  validation: 'validation_failed',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  rateLimited: 'rate_limited',
  upstream: 'upstream_failed',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
} as const;

export const Id = z.string().trim().min(1, 'id is required').max(100, 'id is too long');

/** `field:asc|desc` on an allow-listed set of fields. */
export function sortBy<const F extends readonly [string, ...string[]]>(fields: F, fallback: `${F[number]}:${'asc' | 'desc'}`) {
  const pattern = new RegExp(`^(${fields.map((f) => f.replace(/[^\w]/g, '\\$&')).join('|')}):(asc|desc)$`);
  return z
    .string()
    .regex(pattern, `sortBy must be one of ${fields.join(', ')} followed by :asc or :desc`)
    .default(fallback)
    .transform((value) => {
      const [field, order] = value.split(':') as [F[number], 'asc' | 'desc'];
      return { field, order };
    });
}

export const PageQuery = z.object({
  page: z.coerce.number({ message: 'page must be a number' }).int('page must be a whole number').min(1, 'page starts at 1').default(1),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(10),
});

export function page<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
    totalResults: z.number().int(),
  });
}
export interface Page<T> {
  results: T[];
  page: number;
  limit: number;
  totalPages: number;
  totalResults: number;
}

/** The years a date of this product can fall in; anything outside is a typing slip. */
const DATE_YEARS = { min: 1900, max: 2200 } as const;

/** YYYY-MM-DD, a real calendar date between 1900 and 2200. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dates are written YYYY-MM-DD')
  .refine(isCalendarDate, 'not a real calendar date')
  .refine((v) => {
    const year = Number(v.slice(0, 4));
    return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
  }, `dates must lie between ${DATE_YEARS.min} and ${DATE_YEARS.max}`);

export const NoContent = z.null().describe('No content');
