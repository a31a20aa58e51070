import { createColumnHelper } from '@tanstack/react-table';
import type { EmailConfig } from '#shared/contract/email-config';
import { DateTime } from '../../ui/date-time.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Icon } from '../../ui/icons.tsx';

const column = createColumnHelper<EmailConfig>();
const actionClass = 'inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium max-sm:p-2';

export function emailColumns(onEdit: (config: EmailConfig) => void, onDelete: (config: EmailConfig) => void) {
  return [
    column.accessor('email', { header: 'Email', meta: { className: 'wrap-anywhere' }, cell: (info) => <span className="font-medium text-slate-900">{info.getValue()}</span> }),
    column.accessor('active', {
      header: 'Status',
      cell: (info) => (info.getValue() ? <Badge tone="green">Active</Badge> : <Badge>Inactive</Badge>),
    }),
    column.accessor('createdAt', {
      header: 'Added',
      meta: { hideBelow: 959, className: 'whitespace-nowrap tabular-nums' },
      cell: (info) => <DateTime value={info.getValue()} />,
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'w-0 text-right whitespace-nowrap' },
      cell: (info) => (
        <div className="-mr-2 flex justify-end gap-1">
          <button type="button" onClick={() => onEdit(info.row.original)} aria-label={`Edit ${info.row.original.email}`} className={`${actionClass} text-brand-700 hover:bg-brand-50 hover:text-brand-900`}>
            <Icon name="pencil" className="size-4" />
            {/* Icons only on phones, so the address keeps the room; the aria-label names the action. */}
            <span className="max-sm:hidden">Edit</span>
          </button>
          <button type="button" onClick={() => onDelete(info.row.original)} aria-label={`Delete ${info.row.original.email}`} className={`${actionClass} text-red-700 hover:bg-red-50 hover:text-red-800`}>
            <Icon name="trash" className="size-4" />
            <span className="max-sm:hidden">Delete</span>
          </button>
        </div>
      ),
    }),
  ];
}
