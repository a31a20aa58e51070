import type { Clock } from '../../lib/clock.ts';
import { ArenaError } from './arena-errors.ts';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** When Arena says the quota is gone but not until when, wait this long before trying again. */
const UNKNOWN_RESET_MS = 60 * 60_000;

/** Reads Arena's `Fri, 02-May-2014 14:22:13 GMT-0700 (PDT)`; null when unreadable. */
export function parseArenaResetTime(value: string | null): Date | null {
  if (!value) return null;
  const m = /(\d{1,2})-([A-Za-z]{3})-(\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT([+-])(\d{2}):?(\d{2})/.exec(value);
  if (m) {
    const month = MONTHS.indexOf((m[2] ?? '').toLowerCase());
    if (month >= 0) {
      const local = Date.UTC(Number(m[3]), month, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6]));
      const offset = (m[7] === '-' ? -1 : 1) * (Number(m[8]) * 60 + Number(m[9]));
      return new Date(local - offset * 60_000);
    }
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/**
 * Arena counts every call against a daily workspace quota and says what is left on each reply.
 * Once it reaches 0 we stop calling until the reset time instead of spending calls on 429s.
 */
export function createRateLimitGuard(clock: Clock, onBlocked?: (until: Date) => void) {
  let blockedUntil: Date | null = null;
  let remaining: number | null = null;
  let resetsAt: Date | null = null;

  function block(until: Date | null) {
    blockedUntil = until ?? new Date(clock.now().getTime() + UNKNOWN_RESET_MS);
    onBlocked?.(blockedUntil);
  }

  return {
    /** Throws a rate_limited ArenaError without calling Arena while the quota is used up. */
    check(): void {
      if (!blockedUntil) return;
      if (clock.now() >= blockedUntil) {
        blockedUntil = null;
        return;
      }
      throw new ArenaError(
        'rate_limited',
        `Arena request limit reached: the daily request quota is used up; calls resume after ${blockedUntil.toISOString()}.`,
      );
    },
    observe(status: number, headers: Headers): void {
      const left = headers.get('x-arena-requests-remaining');
      const reset = parseArenaResetTime(headers.get('x-arena-next-request-limit-reset'));
      if (reset) resetsAt = reset;
      if (left !== null && left.trim() !== '' && Number.isFinite(Number(left))) {
        remaining = Number(left);
        if (remaining <= 0) block(reset);
        else blockedUntil = null;
      } else if (status === 429) {
        remaining = 0;
        block(reset);
      }
    },
    /** What Arena last said about the quota; nulls before its first reply. */
    snapshot(): { remaining: number | null; resetsAt: Date | null } {
      return { remaining, resetsAt: resetsAt ?? blockedUntil };
    },
  };
}
