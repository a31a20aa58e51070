import type { IntegrationsStatus } from '#shared/contract/integrations';
import type { BadgeTone } from '../../ui/badge.tsx';

/** How one connection stands, as a badge at the top of its card. */
export interface Health {
  tone: BadgeTone;
  label: string;
}

type Jotform = IntegrationsStatus['jotform'];
type Arena = IntegrationsStatus['arena'];
type Mail = IntegrationsStatus['mail'];

export function jotformHealth(jotform: Jotform): Health {
  if (!jotform.lastSync) return { tone: 'gray', label: 'Not synced yet' };
  if (jotform.lastSync.outcome === 'failed') return { tone: 'red', label: 'Sync failing' };
  if (jotform.callsLeftToday === 0) return { tone: 'yellow', label: 'Daily limit reached' };
  if (fewCallsLeft(jotform)) return { tone: 'yellow', label: 'Few calls left today' };
  if (jotform.firstSync && !jotform.firstSync.done) return { tone: 'blue', label: 'First sync running' };
  return { tone: 'green', label: 'Working' };
}

export function arenaHealth(arena: Arena): Health {
  if (!arena.configured) return { tone: 'gray', label: 'Not configured' };
  if (arena.problems.length > 0 || arena.session === 'refused') return { tone: 'red', label: 'Needs attention' };
  if (!arena.checkedAt) return { tone: 'gray', label: 'Not checked yet' };
  if (arena.requestsRemaining === 0) return { tone: 'yellow', label: 'Quota used up' };
  return { tone: arena.ok ? 'green' : 'yellow', label: arena.ok ? 'Working' : 'Not confirmed' };
}

export function mailHealth(mail: Mail): Health {
  if (mail.failed > 0) return { tone: 'red', label: `${mail.failed} failed` };
  if (mail.delivery === 'stored') return { tone: 'gray', label: 'Stored only' };
  if (mail.queued > 0 && mail.lastError) return { tone: 'yellow', label: 'Retrying' };
  return { tone: 'green', label: 'Working' };
}

export const UPDATED_AT_FILTER: Record<Jotform['updatedAtFilter'], string> = {
  honoured: 'Honoured: each poll asks only for the submissions changed since the one before.',
  ignored: 'Ignored by JotForm: each poll re-reads the submissions of the last few days (SYNC_REREAD_DAYS) instead.',
  unknown: 'Not known yet: the first sync finds out.',
};

export const ARENA_SESSION: Record<Arena['session'], string> = {
  active: 'Signed in',
  none: 'Not signed in: the next call to Arena signs in',
  refused: 'Refused: Arena did not accept the integration user (ARENA_EMAIL, ARENA_PASSWORD, ARENA_WORKSPACE_ID)',
};

export const MAIL_DELIVERY: Record<Mail['delivery'], string> = {
  smtp: 'Sent through the mail server (SMTP_URL)',
  stored: 'Stored only: no mail server is configured (SMTP_URL), so messages stay in the outbox',
};

/** "12 new, 3 updated": what the last sync brought. */
export function syncRows(inserted: number, updated: number): string {
  return `${inserted} new, ${updated} updated`;
}

/** A count, or what its absence means. */
export function countOrUnknown(value: number | null): string {
  return value === null ? 'Not known yet' : value.toLocaleString();
}

const CHANGED_FIELD: Record<Arena['changedByArena'][number]['changes'][number]['field'], string> = {
  targetCompletionDate: 'Target completion date',
  owner: 'Owner',
  number: 'Number',
};

/** "Target completion date: sent 2026-12-02, Arena keeps none". */
export function arenaChangeText(change: Arena['changedByArena'][number]['changes'][number]): string {
  return `${CHANGED_FIELD[change.field]}: sent ${change.sent ?? 'none'}, Arena keeps ${change.kept ?? 'none'}`;
}

type FirstSync = NonNullable<Jotform['firstSync']>;

/** "4 minutes", "1 hour 20 minutes", "40 seconds": a duration as a person reads it. */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 90) return `${s} ${s === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.round(s / 60);
  if (minutes < 90) return `${minutes} minutes`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h} ${h === 1 ? 'hour' : 'hours'}${m ? ` ${m} minutes` : ''}`;
}

/** "Every 3 minutes": the poll's pace, or why it is not known. */
export function pollIntervalText(seconds: number | null): string {
  return seconds === null ? 'Not known yet: the first poll works it out' : `Every ${durationText(seconds)}`;
}

/** "12,000 of 100,000 submissions imported", or the count alone when JotForm did not say the total. */
export function firstSyncProgress(f: FirstSync): string {
  const of = f.total === null ? '' : ` of ${f.total.toLocaleString()}`;
  return `${f.imported.toLocaleString()}${of} submissions imported`;
}

/** Below a tenth of the daily limit left: the poll waits for the reset, and admins were told by mail. */
export function fewCallsLeft(j: Pick<Jotform, 'callsLeftToday' | 'dailyLimit'>): boolean {
  return j.callsLeftToday !== null && j.dailyLimit !== null && j.callsLeftToday < j.dailyLimit / 10;
}
