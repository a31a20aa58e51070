import { AUDIT_CSV_HEADERS, AUDIT_ENTITY_LABELS, type AuditEntry } from '#shared/contract/audit';
import type { Page } from '#shared/contract/common';
import { csvLine } from '#shared/csv';
import { addDays } from '#shared/dates';
import { Invalid } from '../../lib/errors.ts';
import { zonedTimeToUtc } from '../../lib/time-zone.ts';
import type { AuditQuery, AuditRepo } from './audit.repo.ts';

export interface AuditFilterInput {
  entity?: AuditQuery['entity'];
  entityId?: string | undefined;
  actor?: string | undefined;
  action?: string | undefined;
  submission?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  reads?: boolean | undefined;
}

const show = (v: string | number | boolean | null) => (v === null || v === '' ? '—' : String(v));

/** One CSV record of an entry (AUDIT_CSV_HEADERS' order). */
export function auditCsvFields(e: AuditEntry): string[] {
  return [
    e.at,
    e.actor?.name ?? (e.actorEmail ? e.actorEmail : 'JotForm / portal'),
    e.actor?.email ?? e.actorEmail ?? '',
    e.address ?? '',
    AUDIT_ENTITY_LABELS[e.entity] ?? e.entity,
    e.entityId,
    e.action,
    e.changes.map((c) => `${c.field}: ${show(c.before)} → ${show(c.after)}`).join('; '),
  ];
}

/** The audit trail for admins: read and exported, never cleared (`timeZone`: the calendar the date filters are in). */
export function createAuditService(repo: AuditRepo, timeZone: string) {
  function query(f: AuditFilterInput): AuditQuery {
    if (f.from && f.to && f.from > f.to) throw new Invalid('from must not be after to', { from: 'after to' });
    return {
      entity: f.entity,
      entityId: f.entityId || undefined,
      actor: f.actor || undefined,
      action: f.action || undefined,
      submission: f.submission || undefined,
      from: f.from ? (zonedTimeToUtc(`${f.from} 00:00:00`, timeZone) ?? undefined) : undefined,
      reads: f.reads,
      until: f.to ? (zonedTimeToUtc(`${addDays(f.to, 1)} 00:00:00`, timeZone) ?? undefined) : undefined,
    };
  }
  return {
    async list(f: AuditFilterInput & { page: number; limit: number }): Promise<Page<AuditEntry>> {
      const q = query(f);
      const [results, total] = await Promise.all([repo.page(q, (f.page - 1) * f.limit, f.limit), repo.total(q)]);
      return { results, page: f.page, limit: f.limit, totalPages: Math.ceil(total / f.limit), totalResults: total };
    },
    /** The CSV as chunks: the header, then one chunk per batch; formula injection neutralised per cell. */
    exportCsv(f: AuditFilterInput): AsyncGenerator<string> {
      const q = query(f);
      return (async function* () {
        yield csvLine(AUDIT_CSV_HEADERS);
        for await (const rows of repo.all(q)) yield rows.map((e) => csvLine(auditCsvFields(e))).join('');
      })();
    },
    actions: () => repo.actions(),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
