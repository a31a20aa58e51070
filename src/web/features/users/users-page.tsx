import { useCallback, useEffect, useMemo, useState } from 'react';
import type { User } from '#shared/contract/users';
import { messageOf } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { Icon } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { AddUserDialog } from './add-user-dialog.tsx';
import { useUsersList } from './api.ts';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { useUsersTableState } from './table-state.ts';
import { isEditable, usersColumns } from './users-columns.tsx';

export function UsersPage() {
  const table = useUsersTableState();
  const users = useUsersList(table.query);
  const [adding, setAdding] = useState(false);
  // `editing` outlives `editOpen` so the dialog keeps its content while it fades out.
  const [editing, setEditing] = useState<{ user: User; key: number } | null>(null);
  const [editOpen, setEditOpen] = useState(false);

  const openEdit = useCallback((user: User) => {
    setEditing((previous) => ({ user, key: (previous?.key ?? 0) + 1 }));
    setEditOpen(true);
  }, []);
  const columns = useMemo(() => usersColumns(openEdit), [openEdit]);

  // A stored page past the end (users removed, bigger pages) falls back to the last page.
  const totalPages = users.data?.totalPages ?? 0;
  const { setPage } = table;
  useEffect(() => {
    if (totalPages > 0 && table.query.page > totalPages) setPage(totalPages);
  }, [totalPages, table.query.page, setPage]);

  return (
    <>
      <PageHeader
        title="Users"
        description="A list of all the users - names, emails, and roles."
        actions={
          <Button onClick={() => setAdding(true)}>
            <Icon name="plus" className="size-4" />
            Add user
          </Button>
        }
      />
      {users.isError && !users.data ? (
        <ErrorState message={messageOf(users.error, 'An error occurred while fetching users')} action={<Button variant="secondary" onClick={() => void users.refetch()}>Try again</Button>} />
      ) : (
        <DataTable
          label="Users"
          columns={columns}
          data={users.data?.results}
          getRowId={(user) => user.id}
          isLoading={users.isPending}
          isFetching={users.isPlaceholderData}
          paging={{ pagination: table.pagination, onPaginationChange: table.onPaginationChange, rowCount: users.data?.totalResults ?? 0 }}
          sorting={{ sorting: table.sorting, onSortingChange: table.onSortingChange }}
          onRowClick={openEdit}
          isRowClickable={isEditable}
        />
      )}
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
      {editing && <EditUserDialog key={editing.key} user={editing.user} open={editOpen} onClose={() => setEditOpen(false)} />}
    </>
  );
}
