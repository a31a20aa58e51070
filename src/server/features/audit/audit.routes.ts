import { AUDIT_CSV_FILE_NAME, auditApi } from '#shared/contract/audit';
import type { Route } from '../../plugins/contract.ts';
import { sendCsv } from '../../plugins/csv-download.ts';
import type { AuditService } from './audit.service.ts';

export function auditRoutes(route: Route, audit: AuditService): void {
  route(auditApi.list, ({ query }) => audit.list(query));
  route(auditApi.actions, async () => ({ results: await audit.actions() }));
  route(auditApi.exportCsv, async ({ query, request, reply }) => {
    const csv = audit.exportCsv(query);
    // The header and first batch before replying, so a failing query is an error reply, not a cut file.
    const head: string[] = [];
    while (head.length < 2) {
      const next = await csv.next();
      if (next.done) break;
      head.push(next.value);
    }
    const rest = (async function* () {
      yield* head;
      yield* csv;
    })();
    return sendCsv(rest, AUDIT_CSV_FILE_NAME, request, reply);
  });
}
