import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AuditEntity, auditApi } from '#shared/contract/audit';
import { api, apiBlob } from '../../lib/api-client.ts';

/** The page's filters, as the URL keeps them ('' for none). */
export interface AuditFilterState {
  entity: AuditEntity | '';
  actor: string;
  action: string;
  /** A CH number, submission ID or submitter: that submission's entries only. */
  submission: string;
  from: string;
  to: string;
  /** Show reads (viewed, exported) too. */
  reads: boolean;
}

export type AuditQueryFilters = Partial<{ entity: AuditEntity; actor: string; action: string; submission: string; from: string; to: string; reads: 'true' }>;

/** The filters the API takes: empty ones left out, date bounds in order. */
export function auditFilters(s: AuditFilterState): AuditQueryFilters {
  const f: AuditQueryFilters = {};
  if (s.entity) f.entity = s.entity;
  if (s.actor.trim()) f.actor = s.actor.trim();
  if (s.action) f.action = s.action;
  if (s.submission.trim()) f.submission = s.submission.trim();
  const [from, to] = s.from && s.to && s.from > s.to ? [s.to, s.from] : [s.from, s.to];
  if (from) f.from = from;
  if (to) f.to = to;
  if (s.reads) f.reads = 'true';
  return f;
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: unknown) => ['audit', 'list', query] as const,
  actions: ['audit', 'actions'] as const,
};

export function useAuditList(query: AuditQueryFilters & { page: number; limit: number }) {
  return useQuery({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => api(auditApi.list, { query, signal, fallback: 'Failed to load the audit trail' }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditActions() {
  return useQuery({
    queryKey: auditKeys.actions,
    queryFn: ({ signal }) => api(auditApi.actions, { signal, fallback: 'Failed to load the actions' }),
    select: (data) => data.results,
    staleTime: 60_000,
  });
}

export function exportAuditCsv(filters: AuditQueryFilters): Promise<Blob> {
  return apiBlob(auditApi.exportCsv, { query: filters, fallback: 'Failed to export the audit trail' });
}
