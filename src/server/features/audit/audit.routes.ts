import { Readable } from 'node:stream';
import { AUDIT_CSV_FILE_NAME, auditApi } from '#shared/contract/audit';
import { ANSWERED, type Route } from '../../plugins/contract.ts';
import type { AuditService } from './audit.service.ts';

export function auditRoutes(route: Route, audit: AuditService): void {
  route(auditApi.list, ({ query }) => audit.list(query));
  route(auditApi.actions, async () => ({ results: await audit.actions() }));
  route(auditApi.exportCsv, async ({ query, request, reply }) => {
    const csv = audit.exportCsv(query);
    // The header and first batch before answering, so a failing query is an error answer, not a cut file.
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
    const accept = request.headers.accept ?? '';
    if (accept.includes('application/json') && !accept.includes('text/csv')) {
      let results = '';
      for await (const chunk of rest) results += chunk;
      return { results };
    }
    reply
      .code(200)
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${AUDIT_CSV_FILE_NAME}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(rest));
    return ANSWERED;
  });
}
