import { addDays } from '#shared/dates';
import { zonedDate, zonedTimeToUtc } from '../../lib/time-zone.ts';

/**
 * JotForm's daily API quota as the poll sees it (docs/features/outside-systems.md, "JotForm's daily
 * limit"): a number of calls per day for the whole account, shared with its widgets and other
 * integrations, counted down in `limit-left` on every reply and reset at midnight US Eastern.
 */

/** The zone of JotForm's quota day, whatever the account's own time zone. */
export const QUOTA_ZONE = 'America/New_York';
/** The daily limits of JotForm's plans (Starter, Bronze, Silver, Gold). */
export const PLAN_LIMITS = [1_000, 10_000, 50_000, 100_000] as const;
/** Below this share of the daily limit left, admins are told, and the poll leaves the rest to others. */
export const LOW_SHARE = 0.1;
/** What a full round costs when nothing changed: the form, new submissions, edited ones. */
const FULL_ROUND_CALLS = 3;

/** The quota day (the US-Eastern date) of an instant. */
export const quotaDay = (at: Date): string => zonedDate(at, QUOTA_ZONE);

/** When the quota starts again: the next midnight US Eastern. */
export function nextReset(at: Date): Date {
  return zonedTimeToUtc(`${addDays(quotaDay(at), 1)} 00:00:00`, QUOTA_ZONE) ?? new Date(at.getTime() + 86_400_000);
}

/**
 * The daily limit `limit-left` shows: the smallest plan limit above the most calls ever seen left
 * (beyond the largest plan, that many plus one). Low while others have used calls before the
 * portal first looks; it rises the first time a higher `limit-left` is seen.
 * @example learnedLimit(844) // → 1000
 */
export function learnedLimit(mostLeftSeen: number | null): number | null {
  if (mostLeftSeen === null) return null;
  return PLAN_LIMITS.find((limit) => limit > mostLeftSeen) ?? mostLeftSeen + 1;
}

/** The day's counts the plan is worked out from (kept in the database by the poll). */
export interface QuotaDay {
  /** The quota day they are of. */
  day: string;
  /** Calls this portal made today (polls, webhooks, screens: every call of the instance that polls). */
  calls: number;
  /** Poll rounds today, and the calls they made. */
  polls: number;
  pollCalls: number;
  /** JotForm's `limit-left` on its latest reply, and the most ever seen (to learn the limit). */
  limitLeft: number | null;
  mostLeftSeen: number | null;
}

export interface QuotaSettings {
  /** JOTFORM_DAILY_LIMIT; null: learned from `limit-left`. */
  dailyLimit: number | null;
  /** JOTFORM_QUOTA_SHARE: the part of the daily limit the portal may use. */
  share: number;
  /** SYNC_INTERVAL: polls are never closer than this. */
  minIntervalMs: number;
}

export interface PollPlan {
  dailyLimit: number | null;
  resetsAt: Date;
  /** Calls of the portal's share still to spend today; null while the limit is not known. */
  budgetLeft: number | null;
  /** The mean calls of today's poll rounds (1 before the first). */
  callsPerPoll: number;
  /** Until the next poll round. */
  intervalMs: number;
}

/**
 * When to poll next so today's share lasts until the reset: what is left of the share (never more
 * than JotForm says is left above the last tenth, which stays for webhooks, widgets and people),
 * spread evenly over the time to the reset at today's calls per poll, never closer than
 * SYNC_INTERVAL. Without a share left, the next poll is at the reset.
 */
export function planPolls(q: QuotaDay, s: QuotaSettings, now: Date): PollPlan {
  const resetsAt = nextReset(now);
  const msLeft = Math.max(0, resetsAt.getTime() - now.getTime());
  const callsPerPoll = q.polls > 0 ? q.pollCalls / q.polls : 1;
  const dailyLimit = s.dailyLimit ?? learnedLimit(q.mostLeftSeen);
  if (dailyLimit === null) return { dailyLimit, resetsAt, budgetLeft: null, callsPerPoll, intervalMs: s.minIntervalMs };
  const ofShare = Math.floor(dailyLimit * s.share) - q.calls;
  const ofAccount = q.limitLeft === null ? Number.POSITIVE_INFINITY : q.limitLeft - Math.ceil(dailyLimit * LOW_SHARE);
  const budgetLeft = Math.max(0, Math.min(ofShare, ofAccount));
  // A full round's calls are kept back, so whichever round comes last stays within the share.
  const polls = Math.floor((budgetLeft - Math.max(FULL_ROUND_CALLS, callsPerPoll)) / callsPerPoll);
  const intervalMs = polls < 1 ? msLeft + 1_000 : Math.max(s.minIntervalMs, Math.ceil(msLeft / polls));
  return { dailyLimit, resetsAt, budgetLeft, callsPerPoll, intervalMs };
}
