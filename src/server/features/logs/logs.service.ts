import { desc } from 'drizzle-orm';
import type { LogEntry } from '#shared/contract/logs';
import type { Db } from '../../db/client.ts';
import { systemLogs } from '../../db/schema/index.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AuditActor } from '../../lib/audit.ts';
import { clearSystemLog } from '../../lib/system-log.ts';

/** The newest entries returned by the list; older ones stay stored until cleared. */
export const LOG_LIST_LIMIT = 10_000;

export function createLogsService(db: Db, uow: UnitOfWork) {
  return {
    /** Newest first, each entry a JSON string. */
    async list(): Promise<string[]> {
      const rows = await db.select().from(systemLogs).orderBy(desc(systemLogs.time), desc(systemLogs.id)).limit(LOG_LIST_LIMIT);
      return rows.map((r) => JSON.stringify({ time: r.time.toISOString(), label: r.label, process: r.process, description: r.description } satisfies LogEntry));
    },
    /**
     * Clears the system log; the clearing itself goes to the audit trail, which is never cleared.
     * A clear that finds the log already empty (a repeat, or a second click at once) records nothing.
     */
    async clear(actor: AuditActor): Promise<void> {
      await uow(async ({ tx, audit }) => {
        const entries = await clearSystemLog(tx);
        if (entries > 0) await audit({ actor, entity: 'system_log', entityId: 'system_logs', action: 'clear', before: { entries }, after: { entries: 0 } });
      });
    },
  };
}
export type LogsService = ReturnType<typeof createLogsService>;
