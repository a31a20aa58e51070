import type { PaginationState, SortingState } from '@tanstack/react-table';
import { USER_SORT_FIELDS } from '#shared/contract/users';
import { useLocalStorageState } from '../../lib/local-storage-state.ts';
import { PAGE_SIZE_OPTIONS } from '../../ui/data-table.tsx';
import type { UsersListQuery } from './api.ts';

type SortField = (typeof USER_SORT_FIELDS)[number];
type SortOrder = 'asc' | 'desc';

/** Page size 10, sorted by _id ascending until the user picks otherwise. */
const DEFAULTS = { page: 1, limit: 10, field: '_id' as SortField, order: 'asc' as SortOrder };

const isPage = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 1;
const isLimit = (v: unknown): v is number => (PAGE_SIZE_OPTIONS as readonly unknown[]).includes(v);
const isField = (v: unknown): v is SortField => (USER_SORT_FIELDS as readonly unknown[]).includes(v);
const isOrder = (v: unknown): v is SortOrder => v === 'asc' || v === 'desc';

/**
 * Users: the last page, rows per page, sort field and sort order live in localStorage,
 * one key each, so they survive a reload.
 */
export function useUsersTableState() {
  const [page, setPage] = useLocalStorageState('users.lastPage', DEFAULTS.page, isPage);
  const [limit, setLimit] = useLocalStorageState('users.rowsPerPage', DEFAULTS.limit, isLimit);
  const [field, setField] = useLocalStorageState('users.sortField', DEFAULTS.field, isField);
  const [order, setOrder] = useLocalStorageState('users.sortOrder', DEFAULTS.order, isOrder);

  const query: UsersListQuery = { page, limit, sortBy: `${field}:${order}` };
  const pagination: PaginationState = { pageIndex: page - 1, pageSize: limit };
  // _id (creation order) has no column, so it shows as "no column sorted".
  const sorting: SortingState = field === '_id' ? [] : [{ id: field, desc: order === 'desc' }];

  return {
    query,
    pagination,
    sorting,
    setPage,
    onPaginationChange(next: PaginationState) {
      setPage(next.pageIndex + 1);
      setLimit(next.pageSize);
    },
    onSortingChange(next: SortingState) {
      const [first] = next;
      if (!first || !isField(first.id)) return;
      setField(first.id);
      setOrder(first.desc ? 'desc' : 'asc');
      setPage(1);
    },
  };
}
