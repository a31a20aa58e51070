import { TooManyRequests } from '../../lib/errors.ts';

export interface ExportLimits {
  /** Exports one user may run at once. */
  perUser: number;
  /** Exports the instance runs at once (the export pool's size). */
  total: number;
}

/** CSV exports one user may run at once in one instance. */
export const EXPORTS_PER_USER = 2;

/** What a refused export is told to wait before trying again, in seconds. */
export const EXPORT_RETRY_AFTER_SECONDS = 5;

/**
 * The CSV exports running in this instance: a user may run `perUser` at once and the instance
 * `total`; one more is refused with 429 and Retry-After. `take` returns the slot's release,
 * which is safe to call more than once.
 */
export function createExportSlots(limits: ExportLimits) {
  const byUser = new Map<string, number>();
  let running = 0;
  return {
    take(userId: string): () => void {
      const mine = byUser.get(userId) ?? 0;
      if (mine >= limits.perUser) throw new TooManyRequests(`You already have ${mine} exports running. Please wait for one to finish.`, EXPORT_RETRY_AFTER_SECONDS);
      if (running >= limits.total) throw new TooManyRequests('Too many exports are running. Please try again in a moment.', EXPORT_RETRY_AFTER_SECONDS);
      byUser.set(userId, mine + 1);
      running++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running--;
        const left = (byUser.get(userId) ?? 1) - 1;
        if (left > 0) byUser.set(userId, left);
        else byUser.delete(userId);
      };
    },
  };
}
export type ExportSlots = ReturnType<typeof createExportSlots>;
