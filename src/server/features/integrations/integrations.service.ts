import type { IntegrationsStatus } from '#shared/contract/integrations';
import type { ArenaHealthMonitor } from '../../connectors/arena/index.ts';

export interface IntegrationsDeps {
  mode: IntegrationsStatus['mode'];
  formId: string;
  /** The last poll of any instance (the submissions sync records it in the database). */
  lastSync(): Promise<{ at: string; outcome: 'ok' | 'failed'; inserted: number; updated: number; error: string | null; limitLeft: number | null; updatedAtFilter: IntegrationsStatus['jotform']['updatedAtFilter'] } | null>;
  /** This instance's last `limit-left` from JotForm, fresher than the poll's when it made calls since. */
  limitLeft(): number | null;
  arena: ArenaHealthMonitor | undefined;
  mailDelivery: 'smtp' | 'outbox';
  mailSummary(): Promise<{ queued: number; failed: number; lastError: string | null; lastErrorAt: Date | null }>;
}

/** The state of the connections to JotForm, Arena and the mail server, for the admins' Integrations view. */
export function createIntegrationsService(d: IntegrationsDeps) {
  return {
    async status(): Promise<IntegrationsStatus> {
      const [sync, mail] = await Promise.all([d.lastSync(), d.mailSummary()]);
      const arena = d.arena?.arenaHealth();
      return {
        mode: d.mode,
        jotform: {
          formId: d.formId,
          lastSync: sync && { at: sync.at, outcome: sync.outcome, inserted: sync.inserted, updated: sync.updated, error: sync.error },
          callsLeftToday: d.limitLeft() ?? sync?.limitLeft ?? null,
          updatedAtFilter: sync?.updatedAtFilter ?? 'unknown',
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
            }
          : { configured: false, ok: false, checkedAt: null, session: 'none', requestsRemaining: null, resetsAt: null, problems: ['Arena is not configured (ARENA_EMAIL, ARENA_PASSWORD, ARENA_TEMPLATE_GUID).'] },
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
