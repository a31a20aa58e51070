import { count, desc } from 'drizzle-orm';
import type { LogEntry } from '#shared/contract/logs';
import type { Db } from '../../db/client.ts';
import { systemLogs } from '../../db/schema/index.ts';
import type { AuditActor, AuditTrail } from '../../lib/audit.ts';

/** The newest entries returned by the list; older ones stay stored until cleared. */
export const LOG_LIST_LIMIT = 10_000;

export function createLogsService(db: Db, audit: AuditTrail) {
  return {
    /** Newest first, each entry a JSON string. */
    async list(): Promise<string[]> {
      const rows = await db.select().from(systemLogs).orderBy(desc(systemLogs.time), desc(systemLogs.id)).limit(LOG_LIST_LIMIT);
      return rows.map((r) => JSON.stringify({ time: r.time.toISOString(), label: r.label, process: r.process, description: r.description } satisfies LogEntry));
    },
    /** Clears the system log; the clearing itself goes to the audit trail, which is never cleared. */
    async clear(actor: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select({ n: count() }).from(systemLogs);
        await tx.delete(systemLogs);
        await audit.record({ actor, entity: 'system_log', entityId: 'system_logs', action: 'clear', before: { entries: row?.n ?? 0 }, after: { entries: 0 } }, tx as unknown as Db);
      });
    },
  };
}
export type LogsService = ReturnType<typeof createLogsService>;
