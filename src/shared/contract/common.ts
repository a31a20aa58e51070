import { z } from 'zod';

/** Error body of every 4xx/5xx answer: a code for programs, a message for people. */
export const ApiErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.string()).optional(),
  /** A sign-in that goes on with a second factor (code `mfa_required`). */
  challenge: z.string().optional(),
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
export const DATE_YEARS = { min: 1900, max: 2200 } as const;

/**
 * A YYYY-MM-DD text names a day of the proleptic Gregorian calendar (month 01–12, day within its
 * month, 29 February in leap years only): the day a Date would read back unchanged, worked out
 * with arithmetic. Every list filter of a date passes here, and Date's parser and ISO writer cost
 * a list request more than the rest of its query's validation.
 */
export function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const year = Number(v.slice(0, 4));
  const month = Number(v.slice(5, 7));
  const day = Number(v.slice(8, 10));
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days;
}

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
