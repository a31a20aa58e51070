/**
 * A unique-constraint violation (SQLSTATE 23505), as raised by either driver; Drizzle may wrap
 * the driver's error in `cause`.
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
