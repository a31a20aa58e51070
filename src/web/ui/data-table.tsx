import {
  type ColumnDef,
  type PaginationState,
  type RowData,
  type SortingState,
  type Updater,
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { Pagination } from './data-table-pagination.tsx';
import { DataRow, HIDE, type HideBelow, TOGGLE_CELL, widestHide } from './data-table-row.tsx';
import { Icon } from './icons.tsx';

export type { HideBelow } from './data-table-row.tsx';

declare module '@tanstack/react-table' {
  // TData and TValue must match the library's declaration to merge with it.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Hidden at widths ≤ this breakpoint (docs/product.md, List and CSV); its content moves into the row's expansion. */
    hideBelow?: HideBelow;
    /** Extra classes for the column's header and cells (width, alignment). */
    className?: string;
  }
}


export { PAGE_SIZES as PAGE_SIZE_OPTIONS } from './data-table-pagination.tsx';
const EMPTY_TEXT = 'There are no records to display';

/** Server paging: the page comes from the API; the table only reports what the user asks for. */
export interface ServerPaging {
  pagination: PaginationState;
  onPaginationChange: (next: PaginationState) => void;
  rowCount: number;
}

export interface ServerSorting {
  sorting: SortingState;
  onSortingChange: (next: SortingState) => void;
}

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  // Columns hold different value types; TanStack's own examples type the array with any.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  data: readonly T[] | undefined;
  getRowId?: (row: T) => string;
  /** No rows yet: shows `loadingText` instead of the empty text. */
  isLoading?: boolean;
  /** Rows are shown but a newer page is on its way: dims them. */
  isFetching?: boolean;
  loadingText?: string;
  /** Follows the empty text, e.g. why a filtered list is empty and a way to clear its filters. */
  emptyHint?: ReactNode;
  /** Given: server paging (manualPagination). Left out: the table pages `data` itself. */
  paging?: ServerPaging;
  /** Given: server sorting (manualSorting). Left out: the table sorts `data` itself. */
  sorting?: ServerSorting;
  initialPageSize?: number;
  onRowClick?: (row: T) => void;
  isRowClickable?: (row: T) => boolean;
  rowClassName?: (row: T) => string | undefined;
  /** Scroll height of the body, e.g. 500 (px); the header stays in view. */
  scrollHeight?: number;
}

const NO_ROWS: never[] = [];

function apply<S>(updater: Updater<S>, current: S): S {
  return typeof updater === 'function' ? (updater as (old: S) => S)(current) : updater;
}

export function DataTable<T>(props: DataTableProps<T>) {
  const { label, columns, data, getRowId, isLoading = false, isFetching = false, loadingText = 'Loading...', emptyHint, paging, sorting, onRowClick, isRowClickable, rowClassName, scrollHeight } = props;
  const [localPagination, setLocalPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: props.initialPageSize ?? 10 });
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const pagination = paging?.pagination ?? localPagination;
  const sortingState = sorting?.sorting ?? localSorting;

  const setPagination = (updater: Updater<PaginationState>) => {
    const next = apply(updater, pagination);
    if (paging) paging.onPaginationChange(next);
    else setLocalPagination(next);
  };

  const table = useReactTable<T>({
    data: (data ?? NO_ROWS) as T[],
    columns,
    ...(getRowId ? { getRowId: (row: T) => getRowId(row) } : {}),
    state: { pagination, sorting: sortingState },
    manualPagination: !!paging,
    manualSorting: !!sorting,
    ...(paging ? { rowCount: paging.rowCount } : {}),
    onPaginationChange: setPagination,
    onSortingChange: (updater) => {
      const next = apply(updater, sortingState);
      if (sorting) sorting.onSortingChange(next);
      else {
        setLocalSorting(next);
        setLocalPagination((p) => ({ ...p, pageIndex: 0 }));
      }
    },
    enableMultiSort: false,
    sortDescFirst: false,
    // Server lists always have an order; a third click returning to "unsorted" would surprise.
    enableSortingRemoval: false,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    ...(sorting ? {} : { getSortedRowModel: getSortedRowModel() }),
    ...(paging ? {} : { getPaginationRowModel: getPaginationRowModel() }),
  });

  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const total = paging ? paging.rowCount : (data?.length ?? 0);
  const expandAt = widestHide(table);

  const activate = (row: T) => (onRowClick && (isRowClickable?.(row) ?? true) ? () => onRowClick(row) : undefined);

  return (
    <div className="overflow-hidden rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
      <div className="relative overflow-auto" style={scrollHeight ? { maxHeight: scrollHeight } : undefined}>
        <table aria-label={label} aria-busy={isLoading || isFetching || undefined} className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="sticky top-0 z-10 bg-slate-50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                      className={cn('px-3 py-3 text-left font-semibold sm:px-4 whitespace-nowrap text-slate-700', meta?.hideBelow && HIDE[meta.hideBelow], meta?.className)}
                    >
                      {canSort ? (
                        // Inline, not flex: a header that wraps keeps the sort mark beside its last word, so the
                        // column is no wider than its longest word (decision 040).
                        <button type="button" onClick={header.column.getToggleSortingHandler()} className="group -mx-1 inline-block rounded px-1 text-left hover:text-slate-900">
                          {content}
                          <Icon
                            name={sorted === 'asc' ? 'chevronUp' : sorted === 'desc' ? 'chevronDown' : 'chevronUpDown'}
                            className={cn('ml-1 inline-block size-4 align-text-bottom', sorted ? 'text-brand-700' : 'text-slate-400 group-hover:text-slate-600')}
                          />
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
                {expandAt && (
                  // A plain cell: the column of "More of this row" buttons needs no header of its own.
                  <td className={cn('w-0 py-3 pr-2 pl-0', TOGGLE_CELL[expandAt])} />
                )}
              </tr>
            ))}
          </thead>
          <tbody className={cn('divide-y divide-slate-100', isFetching && !isLoading && 'opacity-60 transition-opacity')}>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount + (expandAt ? 1 : 0)} className="px-4 py-10 text-center text-slate-600">
                  <div role="status" className="flex flex-col items-center gap-3">
                    <p>{isLoading ? loadingText : EMPTY_TEXT}</p>
                    {!isLoading && emptyHint}
                  </div>
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <DataRow
                  key={row.id}
                  row={row}
                  table={table}
                  expandAt={expandAt}
                  expanded={!!expanded[row.id]}
                  onToggle={() => setExpanded((e) => ({ ...e, [row.id]: !e[row.id] }))}
                  onActivate={activate(row.original)}
                  className={rowClassName?.(row.original)}
                />
              ))
            )}
          </tbody>
        </table>
      </div>
      {/* Not under the first load's one-line table: rows arriving would push it down (a layout shift). */}
      {!(isLoading && rows.length === 0) && (
        <Pagination
          pagination={pagination}
          total={total}
          pageCount={Math.max(1, table.getPageCount())}
          onChange={(next) => table.setPagination(next)}
        />
      )}
    </div>
  );
}
