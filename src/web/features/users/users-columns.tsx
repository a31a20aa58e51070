import { createColumnHelper } from '@tanstack/react-table';
import type { User } from '#shared/contract/users';
import { DateTime } from '../../ui/date-time.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Icon } from '../../ui/icons.tsx';
import { roleLabel } from './user-form.ts';

const column = createColumnHelper<User>();

/** A super_admin row opens nothing. */
export const isEditable = (user: User): boolean => user.role !== 'super_admin';

/** Column ids are the server's sort fields (USER_SORT_FIELDS), so sorting maps one to one. */
export function usersColumns(onEdit: (user: User) => void) {
  return [
    column.accessor('name', { id: 'name', header: 'Name', cell: (info) => <span className="font-medium text-slate-900">{info.getValue()}</span> }),
    column.accessor('email', { id: 'email', header: 'Email', meta: { hideBelow: 599, className: 'wrap-anywhere' } }),
    column.accessor('role', { id: 'role', header: 'Role', cell: (info) => <Badge tone={isEditable(info.row.original) ? 'brand' : 'gray'}>{roleLabel(info.getValue())}</Badge> }),
    column.accessor('isRestricted', {
      id: 'isRestricted',
      header: 'Status',
      meta: { hideBelow: 959 },
      cell: (info) => (info.getValue() ? <Badge tone="red">Restricted</Badge> : <Badge tone="green">Active</Badge>),
    }),
    column.accessor('lastLogin', {
      id: 'lastLogin',
      header: 'Last login',
      meta: { hideBelow: 1280, className: 'whitespace-nowrap tabular-nums' },
      cell: (info) => {
        const value = info.getValue();
        return value ? <DateTime value={value} /> : <span className="text-slate-500">Never</span>;
      },
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'w-0 text-right' },
      cell: (info) =>
        isEditable(info.row.original) ? (
          <button
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              onEdit(info.row.original);
            }}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:text-brand-900"
          >
            <Icon name="pencil" className="size-4" />
            Edit<span className="sr-only">, {info.row.original.name}</span>
          </button>
        ) : null,
    }),
  ];
}
