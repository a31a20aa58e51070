import type { ArenaChangedTransfer, FirstSync, IntegrationsStatus } from '#shared/contract/integrations';
import type { ArenaHealthMonitor } from '../../connectors/arena/index.ts';

export interface IntegrationsDeps {
  mode: IntegrationsStatus['mode'];
  formId: string;
  /** The last poll of any instance (the submissions sync records it in the database). */
  lastSync(): Promise<{ at: string; outcome: 'ok' | 'failed'; inserted: number; updated: number; error: string | null; limitLeft: number | null; updatedAtFilter: IntegrationsStatus['jotform']['updatedAtFilter'] } | null>;
  /** This instance's last `limit-left` from JotForm, fresher than the poll's when it made calls since. */
  limitLeft(): number | null;
  /** JotForm's daily limit, its reset and the poll's pace, as the polling instance last recorded them. */
  jotformPace(): Promise<Pick<IntegrationsStatus['jotform'], 'dailyLimit' | 'resetsAt' | 'quotaShare' | 'callsToday' | 'pollIntervalSeconds' | 'callsPerPoll'>>;
  firstSync(): Promise<FirstSync | null>;
  arena: ArenaHealthMonitor | undefined;
  /** The latest transfers whose process Arena keeps otherwise than sent. */
  arenaChanges(): Promise<ArenaChangedTransfer[]>;
  mailDelivery: 'smtp' | 'outbox';
  mailSummary(): Promise<{ queued: number; failed: number; lastError: string | null; lastErrorAt: Date | null }>;
}

/** The state of the connections to JotForm, Arena and the mail server, for the admins' Integrations view. */
export function createIntegrationsService(d: IntegrationsDeps) {
  return {
    async status(): Promise<IntegrationsStatus> {
      const [sync, mail, changedByArena, pace, first] = await Promise.all([d.lastSync(), d.mailSummary(), d.arenaChanges(), d.jotformPace(), d.firstSync()]);
      const arena = d.arena?.arenaHealth();
      return {
        mode: d.mode,
        jotform: {
          formId: d.formId,
          lastSync: sync && { at: sync.at, outcome: sync.outcome, inserted: sync.inserted, updated: sync.updated, error: sync.error },
          callsLeftToday: d.limitLeft() ?? sync?.limitLeft ?? null,
          updatedAtFilter: sync?.updatedAtFilter ?? 'unknown',
          ...pace,
          firstSync: first && { imported: first.imported, total: first.total, done: first.done, calls: first.calls, startedAt: first.startedAt, doneAt: first.doneAt, secondsLeft: first.secondsLeft },
        },
        arena: arena
          ? {
              configured: true,
              ok: arena.ok,
              checkedAt: arena.checkedAt?.toISOString() ?? null,
              session: arena.session,
              requestsRemaining: arena.requestsRemaining,
              resetsAt: arena.resetsAt?.toISOString() ?? null,
              problems: arena.problems,
              changedByArena,
            }
          : { configured: false, ok: false, checkedAt: null, session: 'none', requestsRemaining: null, resetsAt: null, problems: ['Arena is not configured (ARENA_EMAIL, ARENA_PASSWORD, ARENA_TEMPLATE_GUID).'], changedByArena },
        mail: {
          delivery: d.mailDelivery === 'smtp' ? 'smtp' : 'stored',
          queued: mail.queued,
          failed: mail.failed,
          lastError: mail.lastError,
          lastErrorAt: mail.lastErrorAt?.toISOString() ?? null,
        },
      };
    },
  };
}
export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
