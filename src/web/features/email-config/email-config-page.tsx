import { useMemo, useState } from 'react';
import type { EmailConfig } from '#shared/contract/email-config';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { useDeleteEmail, useEmailConfigs } from './api.ts';
import { emailColumns } from './email-columns.tsx';
import { AddEmailDialog, EditEmailDialog } from './email-dialogs.tsx';

/** /dashboard/configurations/email-config (docs/product.md, Screens: Configurations, tab 'Config'). */
export function EmailConfigPage() {
  const configs = useEmailConfigs();
  const remove = useDeleteEmail();
  const [adding, setAdding] = useState(false);
  // Targets outlive their dialogs' `open` so the content stays while the dialog fades out.
  const [editing, setEditing] = useState<{ config: EmailConfig; key: number } | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [deleting, setDeleting] = useState<EmailConfig | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const columns = useMemo(
    () =>
      emailColumns(
        (config) => {
          setEditing((previous) => ({ config, key: (previous?.key ?? 0) + 1 }));
          setEditOpen(true);
        },
        (config) => {
          setDeleting(config);
          setConfirmOpen(true);
        },
      ),
    [],
  );

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success('Email deleted successfully'),
      onError: (error) => toast.error(messageOf(error, 'Failed to delete email')),
      onSettled: () => setConfirmOpen(false),
    });
  }

  const activeCount = configs.data?.filter((c) => c.active).length;
  return (
    <section aria-labelledby="email-config-heading">
      <SectionHeader
        id="email-config-heading"
        title="Notification emails"
        description={`Active recipients are emailed when a submission is marked delivered.${activeCount !== undefined ? ` ${activeCount} active.` : ''}`}
        action={
          <Button onClick={() => setAdding(true)} className="shrink-0">
            <Icon name="plus" className="size-4" />
            Add email
          </Button>
        }
      />
      {configs.isError ? (
        <ErrorState message={messageOf(configs.error, 'Failed to fetch email config data')} action={<Button variant="secondary" onClick={() => void configs.refetch()}>Try again</Button>} />
      ) : (
        <DataTable label="Notification emails" columns={columns} data={configs.data} getRowId={(c) => c.id} isLoading={configs.isPending} />
      )}
      <AddEmailDialog open={adding} onClose={() => setAdding(false)} />
      {editing && <EditEmailDialog key={editing.key} config={editing.config} open={editOpen} onClose={() => setEditOpen(false)} />}
      <ConfirmDialog
        open={confirmOpen}
        title="Delete email?"
        message={deleting && <p>{deleting.email} will no longer be notified. To pause notifications instead, edit it and set it Inactive.</p>}
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmOpen(false)}
      />
    </section>
  );
}
