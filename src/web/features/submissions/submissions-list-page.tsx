import type { PaginationState, SortingState } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CSV_FILE_NAME, REGISTER_FILE_NAME, type SubmissionRow } from '#shared/contract/submissions';
import { can } from '#shared/roles';
import { messageOf } from '../../lib/api-client.ts';
import { useQueryState } from '../../lib/use-query-state.ts';
import { downloadFile } from '../../lib/download.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useDocumentTitle } from '../../ui/page-header.tsx';
import { EmptyState, ErrorState } from '../../ui/states.tsx';
import { useRetryQualityProcess } from '../quality-process/index.ts';
import { exportComplaintRegister, exportSubmissionsCsv, useReloadAfterAction, useReviewedForm, useSubmissionsList } from './api.ts';
import { rememberListSearch } from './back-link.ts';
import { type ListState, NO_FILTERS, filtersOf, isFiltered, isSortField, listQueryOf, paginationOf, parseListState, sortingOf, toSearchParams } from './list-state.ts';
import { ColumnChooser, useComplaintColumns } from './column-chooser.tsx';
import { useSubmissionDialogs } from './submission-dialogs.tsx';
import { submissionsColumns } from './submissions-columns.tsx';
import { useAccountToday } from './today.ts';
import { SubmissionsToolbar } from './submissions-toolbar.tsx';

/** Which changes keep the page number: only paging itself. Any other change starts at page 1. */
function useListState() {
  const { state, query, update } = useQueryState(parseListState, nextListQuery);
  return { state, update, search: query.toString() };
}

function nextListQuery(now: ListState, patch: Partial<ListState>): URLSearchParams {
  const keepsPage = Object.keys(patch).every((k) => k === 'page');
  return toSearchParams({ ...now, ...patch, page: keepsPage ? (patch.page ?? now.page) : 1 });
}

function FormHeading({ title, canEdit }: { title: string | undefined; canEdit: boolean }) {
  useDocumentTitle(title ? `Form: ${title}` : 'Form Submissions');
  return (
    <div className="mb-6 flex items-center gap-3">
      <h1 tabIndex={-1} className="min-w-0 text-2xl font-semibold tracking-tight text-slate-900">
        Form:{' '}
        {title ?? (
          <span className="inline-block h-6 w-56 animate-pulse rounded bg-slate-200 align-middle">
            <span className="sr-only">loading…</span>
          </span>
        )}
      </h1>
      {canEdit && (
        <Link to="edit" aria-label="Edit form" title="Edit form questions" className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-brand-800">
          <Icon name="pencil" className="size-5" />
        </Link>
      )}
    </div>
  );
}

const OVERDUE_EDGE = '[&>td:first-child]:shadow-[inset_4px_0_0_var(--color-red-600)]';
/**
 * Reportable rows are light green; an overdue row has a red edge, and is red when not reportable
 * (its icon and words say it too: docs/product.md, List and CSV).
 */
function rowTint(row: SubmissionRow): string | undefined {
  if (row.clock === 'overdue') return row.reportable ? `bg-green-50 ${OVERDUE_EDGE}` : `bg-red-50/60 ${OVERDUE_EDGE}`;
  return row.reportable ? 'bg-green-50' : undefined;
}

/** Form Submissions list (index of /dashboard/jotforms). */
export function SubmissionsListPage() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const form = useReviewedForm();
  const formId = form.data?.id;
  const { state, update, search } = useListState();
  const query = listQueryOf(state);
  const list = useSubmissionsList(formId, query);
  const dialogs = useSubmissionDialogs('list');
  const retry = useRetryQualityProcess(useReloadAfterAction());
  const [exporting, setExporting] = useState<'csv' | 'register' | null>(null);

  useEffect(() => rememberListSearch(search), [search]);

  // A page past the end (filters narrowed, bigger pages) falls back to the last page.
  const totalPages = list.data?.totalPages ?? 0;
  useEffect(() => {
    if (!list.isPlaceholderData && totalPages > 0 && state.page > totalPages) update({ page: totalPages });
  }, [totalPages, state.page, update, list.isPlaceholderData]);

  const { openDialog } = dialogs;
  const accountTimeZone = form.data?.timeZone;
  const today = useAccountToday();
  const complaintColumns = useComplaintColumns();
  const extra = complaintColumns.shown;
  const columns = useMemo(() => submissionsColumns({ open: openDialog, retry, accountTimeZone, today }, extra), [openDialog, retry, accountTimeZone, today, extra]);

  /** Either file follows the screen's filters; a custom range without both dates downloads nothing. */
  async function download(kind: 'csv' | 'register') {
    const filters = filtersOf(state);
    if (!formId || !filters || exporting) return;
    setExporting(kind);
    try {
      if (kind === 'csv') {
        // The same filters and the same order as the list.
        downloadFile(CSV_FILE_NAME, await exportSubmissionsCsv(formId, { ...filters, sortBy: `${state.field}:${state.order}` }));
        toast.success('Submission CSV downloaded');
      } else {
        // The register is newest first, whatever the list's order.
        downloadFile(REGISTER_FILE_NAME, await exportComplaintRegister(formId, filters));
        toast.success('Complaint register downloaded');
      }
    } catch (error) {
      toast.error(messageOf(error, kind === 'csv' ? 'CSV download failed' : 'Complaint register download failed'));
    } finally {
      setExporting(null);
    }
  }

  const onPaginationChange = (next: PaginationState) =>
    next.pageSize !== state.limit ? update({ limit: next.pageSize }) : update({ page: next.pageIndex + 1 });
  const onSortingChange = (next: SortingState) => {
    const [first] = next;
    if (first && isSortField(first.id)) update({ field: first.id, order: first.desc ? 'desc' : 'asc' });
  };

  if (form.isError) {
    return (
      <>
        <FormHeading title={undefined} canEdit={false} />
        <ErrorState message={messageOf(form.error, 'Failed to fetch forms')} action={<Button variant="secondary" onClick={() => void form.refetch()}>Try again</Button>} />
      </>
    );
  }

  if (form.data === null) {
    return (
      <>
        <FormHeading title="-" canEdit={false} />
        <EmptyState title="No form to review">The form service lists no form yet.</EmptyState>
      </>
    );
  }

  const total = list.data?.totalResults ?? 0;
  const filtered = isFiltered(state);
  // Nothing to export while the rows shown are not yet those of the current filters, or there are none.
  const nothingToExport = !list.data || list.isPlaceholderData || total === 0;
  const emptyHint = filtered && (
    <>
      <p className="text-sm">No submissions match the filters.</p>
      <Button variant="secondary" onClick={() => update(NO_FILTERS)}>
        Clear filters
      </Button>
    </>
  );
  return (
    <>
      <FormHeading title={form.data?.title} canEdit={can(user?.role, 'questions')} />
      <SubmissionsToolbar state={state} onChange={update} />
      <section aria-labelledby="submissions-title">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          {/* Full width on phones: Export sits below whatever the count says, not beside it until the count comes. */}
          <div className="w-full sm:w-auto">
            <h2 id="submissions-title" className="text-lg font-semibold text-slate-900">
              Form Submissions
            </h2>
            <p className="text-sm text-slate-600" aria-live="polite">
              {!list.data ? '\u00a0' : total === 0 ? '0 submissions' : `${total} ${total === 1 ? 'submission' : 'submissions'} · click a row to open it`}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <ColumnChooser shown={complaintColumns.shown} onToggle={complaintColumns.toggle} />
            <Button variant="secondary" onClick={() => void download('csv')} busy={exporting === 'csv'} busyText="Exporting..." disabled={!formId || !query || nothingToExport || exporting !== null}>
              <Icon name="download" className="size-4" />
              Export Submissions
            </Button>
            {/* The decision in its three states, the complaint fields, the codes and closure (docs/features/coding.md). */}
            <Button variant="secondary" onClick={() => void download('register')} busy={exporting === 'register'} busyText="Downloading..." disabled={!formId || !query || nothingToExport || exporting !== null}>
              <Icon name="download" className="size-4" />
              Download complaint register
            </Button>
          </div>
        </div>
        {list.isError && !list.data ? (
          <ErrorState message={messageOf(list.error, 'An error occurred during fetching submissions')} action={<Button variant="secondary" onClick={() => void list.refetch()}>Try again</Button>} />
        ) : (
          <DataTable
            label="Form Submissions"
            columns={columns}
            data={query ? list.data?.results : (list.data?.results ?? [])}
            getRowId={(row) => row.id}
            isLoading={!!query && (form.isPending || list.isPending)}
            // An incomplete custom range keeps the last rows on screen, undimmed: nothing is loading.
            isFetching={!!query && list.isPlaceholderData}
            paging={{ pagination: paginationOf(state), onPaginationChange, rowCount: total }}
            sorting={{ sorting: sortingOf(state), onSortingChange }}
            onRowClick={(row) => navigate(`submission/${encodeURIComponent(row.id)}`)}
            rowClassName={rowTint}
            emptyHint={emptyHint}
          />
        )}
      </section>
      {dialogs.dialogs}
    </>
  );
}
