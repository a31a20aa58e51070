import type { PaginationState } from '@tanstack/react-table';
import { useCallback, useEffect, useState } from 'react';
import { isCalendarDate } from '#shared/dates';
import { AUDIT_CSV_FILE_NAME, AUDIT_ENTITIES, AUDIT_ENTITY_LABELS, type AuditEntity } from '#shared/contract/audit';
import { messageOf } from '../../lib/api-client.ts';
import { useQueryState } from '../../lib/use-query-state.ts';
import { downloadFile } from '../../lib/download.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable, PAGE_SIZE_OPTIONS } from '../../ui/data-table.tsx';
import { Icon } from '../../ui/icons.tsx';
import { DateInput } from '../../ui/date-input.tsx';
import { Input } from '../../ui/input.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Select } from '../../ui/select.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { type AuditFilterState, auditFilters, exportAuditCsv, useAuditActions, useAuditList } from './api.ts';
import { auditColumns } from './audit-columns.tsx';
import { actionWords } from '../submissions/index.ts';

interface PageState extends AuditFilterState {
  page: number;
  limit: number;
}

export function parseAuditState(p: URLSearchParams): PageState {
  const entity = p.get('entity');
  const page = Number(p.get('page'));
  const limit = Number(p.get('limit'));
  return {
    entity: (AUDIT_ENTITIES as readonly string[]).includes(entity ?? '') ? (entity as AuditEntity) : '',
    actor: (p.get('actor') ?? '').slice(0, 200),
    action: (p.get('action') ?? '').slice(0, 100),
    submission: (p.get('submission') ?? '').slice(0, 100),
    from: isCalendarDate(p.get('from') ?? '') ? p.get('from')! : '',
    to: isCalendarDate(p.get('to') ?? '') ? p.get('to')! : '',
    reads: p.get('reads') === 'true',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    limit: (PAGE_SIZE_OPTIONS as readonly number[]).includes(limit) ? limit : 25,
  };
}

/** The query after a change: any change but paging starts at page 1. */
function nextAuditQuery(now: PageState, patch: Partial<PageState>): URLSearchParams {
  return toParams({ ...now, ...patch, page: 'page' in patch ? (patch.page ?? 1) : 1 });
}

function toParams(s: PageState): URLSearchParams {
  const p = new URLSearchParams();
  for (const key of ['entity', 'actor', 'action', 'submission', 'from', 'to'] as const) if (s[key].trim()) p.set(key, s[key].trim());
  if (s.reads) p.set('reads', 'true');
  if (s.page !== 1) p.set('page', String(s.page));
  if (s.limit !== 25) p.set('limit', String(s.limit));
  return p;
}

/** Typed text reaches the URL (and the server) after a pause, not on each keystroke. */
function DebouncedInput({ label, placeholder, value, onChange, className }: { label: string; placeholder: string; value: string; onChange: (v: string) => void; className: string }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return <Input label={label} type="search" placeholder={placeholder} maxLength={200} value={text} onChange={(e) => setText(e.target.value)} className={className} />;
}

/** Admins: the append-only audit trail of every change, filtered, paged and exported (it cannot be cleared). */
export function AuditPage() {
  const { state, update, clear } = useQueryState(parseAuditState, nextAuditQuery);
  const filters = auditFilters(state);
  const list = useAuditList({ ...filters, page: state.page, limit: state.limit });
  const actions = useAuditActions();
  const [exporting, setExporting] = useState(false);
  const setActor = useCallback((actor: string) => update({ actor }), [update]);
  const setSubmission = useCallback((submission: string) => update({ submission }), [update]);

  async function exportCsv() {
    if (exporting) return;
    setExporting(true);
    try {
      downloadFile(AUDIT_CSV_FILE_NAME, await exportAuditCsv(filters));
      toast.success('Audit trail CSV downloaded');
    } catch (error) {
      toast.error(messageOf(error, 'CSV download failed'));
    } finally {
      setExporting(false);
    }
  }

  const onPaginationChange = (next: PaginationState) => (next.pageSize !== state.limit ? update({ limit: next.pageSize }) : update({ page: next.pageIndex + 1 }));
  const total = list.data?.totalResults ?? 0;
  const actionOptions = [{ value: '', label: 'All actions' }, ...(actions.data ?? []).map((a) => ({ value: a, label: actionWords(a) }))];
  if (state.action && !actions.data?.includes(state.action)) actionOptions.push({ value: state.action, label: actionWords(state.action) });
  const filtered = Object.keys(filters).length > 0;

  return (
    <>
      <PageHeader
        title="Audit trail"
        description="Every recorded change — who, when, what, before and after — newest first; tick Show reads for who opened or exported submissions. Times are shown in your local time."
        actions={
          <Button variant="secondary" onClick={() => void exportCsv()} busy={exporting} busyText="Exporting...">
            <Icon name="download" className="size-4" />
            Export CSV
          </Button>
        }
      />
      <div className="mb-4 flex gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
        <Icon name="lock" className="mt-0.5 size-5 shrink-0 text-slate-500" />
        <p>
          The audit trail is append-only and cannot be cleared, unlike the system logs: quality records must be retained. The export includes every entry matching the filters.
        </p>
      </div>
      <div className="mb-4 rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200">
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end sm:gap-4">
          <Select
            label="Entity"
            className="sm:w-44"
            options={[{ value: '', label: 'All entities' }, ...AUDIT_ENTITIES.map((e) => ({ value: e, label: AUDIT_ENTITY_LABELS[e] }))]}
            value={state.entity}
            onChange={(e) => update({ entity: e.target.value as AuditEntity | '' })}
          />
          <Select label="Action" className="sm:w-52" options={actionOptions} value={state.action} onChange={(e) => update({ action: e.target.value })} />
          <div className="col-span-2 sm:col-span-1">
            <DebouncedInput label="Submission" placeholder="CH-Number, submitter or ID" value={state.submission} onChange={setSubmission} className="sm:w-56" />
          </div>
          <div className="col-span-2 sm:col-span-1">
            <DebouncedInput label="Actor" placeholder="E-mail or user id" value={state.actor} onChange={setActor} className="sm:w-56" />
          </div>
          <DateInput label="From" className="sm:w-40" value={state.from} max={state.to || undefined} onChange={(from) => update({ from })} />
          <DateInput label="To" className="sm:w-40" value={state.to} min={state.from || undefined} onChange={(to) => update({ to })} />
          <label className="col-span-2 flex items-center gap-2 text-sm text-slate-700 sm:col-span-1 sm:pb-2">
            <input type="checkbox" checked={state.reads} onChange={(e) => update({ reads: e.target.checked })} className="size-4 rounded border-slate-300" />
            Show reads
          </label>
          {filtered && (
            <Button variant="ghost" className="col-span-2 sm:col-span-1" onClick={clear}>
              Clear filters
            </Button>
          )}
        </div>
      </div>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {list.data ? `${total} ${total === 1 ? 'entry' : 'entries'}` : '\u00a0'}
      </p>
      {list.isError && !list.data ? (
        <ErrorState message={messageOf(list.error, 'Failed to load the audit trail')} action={<Button variant="secondary" onClick={() => void list.refetch()}>Try again</Button>} />
      ) : (
        <DataTable
          label="Audit trail"
          columns={auditColumns}
          data={list.data?.results}
          getRowId={(row) => row.id}
          isLoading={list.isPending}
          isFetching={list.isPlaceholderData}
          paging={{ pagination: { pageIndex: state.page - 1, pageSize: state.limit }, onPaginationChange, rowCount: total }}
        />
      )}
    </>
  );
}
