import type { Clock } from '../../lib/clock.ts';
import { type PollPlan, type QuotaDay, type QuotaSettings, learnedLimit, planPolls, quotaDay } from './jotform-quota.ts';

/** Where the day's counts were kept by the last poll (the poll's status). */
export interface QuotaStore {
  read(): Promise<QuotaDay | undefined>;
}

const emptyDay = (day: string, mostLeftSeen: number | null): QuotaDay => ({ day, calls: 0, polls: 0, pollCalls: 0, limitLeft: null, mostLeftSeen });

/**
 * The day's JotForm calls as this instance sees them: every reply of its JotForm client is
 * counted as it comes (`observe`), the poll rounds are counted with their calls, and the poll keeps
 * the day in the database with its status, so a restart continues the day's count.
 */
export function createQuotaTracker(d: { clock: Clock; settings: QuotaSettings; store: QuotaStore }) {
  let q: QuotaDay = emptyDay(quotaDay(d.clock.now()), null);
  let loaded: Promise<void> | undefined;

  /** A new quota day starts from nothing; the most ever seen left is kept, it teaches the limit. */
  function roll(): void {
    const day = quotaDay(d.clock.now());
    if (q.day !== day) q = emptyDay(day, q.mostLeftSeen);
  }

  /** Adds the day stored by an earlier run (this instance's counts so far are on top of it). */
  function load(): Promise<void> {
    loaded ??= d.store.read().then((stored) => {
      roll();
      if (!stored) return;
      const mostLeftSeen = Math.max(stored.mostLeftSeen ?? -1, q.mostLeftSeen ?? -1);
      q.mostLeftSeen = mostLeftSeen < 0 ? null : mostLeftSeen;
      if (stored.day !== q.day) return;
      q = { ...q, calls: q.calls + stored.calls, polls: q.polls + stored.polls, pollCalls: q.pollCalls + stored.pollCalls, limitLeft: q.limitLeft ?? stored.limitLeft };
    });
    return loaded;
  }

  return {
    /** One reply of JotForm: a call of today's quota, and what it says is left. */
    observe(limitLeft: number | null): void {
      roll();
      q.calls += 1;
      if (limitLeft === null) return;
      q.limitLeft = limitLeft;
      q.mostLeftSeen = Math.max(q.mostLeftSeen ?? limitLeft, limitLeft);
    },

    /** Today's calls so far (read before and after a poll round to count its calls). */
    async calls(): Promise<number> {
      await load();
      roll();
      return q.calls;
    },

    /** A poll round ended, having made `calls` calls: the day as it stands now, for the poll to keep. */
    async pollDone(calls: number): Promise<QuotaDay> {
      await load();
      roll();
      q.polls += 1;
      q.pollCalls += calls;
      return { ...q };
    },

    /** When to poll next, and the figures behind it. */
    async plan(): Promise<PollPlan & { day: QuotaDay }> {
      await load();
      roll();
      return { ...planPolls(q, d.settings, d.clock.now()), day: { ...q } };
    },

    /** The daily limit as configured or learned; null before any reply said what is left. */
    dailyLimit: (): number | null => d.settings.dailyLimit ?? learnedLimit(q.mostLeftSeen),
  };
}
export type QuotaTracker = ReturnType<typeof createQuotaTracker>;
