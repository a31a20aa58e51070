import type { PaginationState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MAIL_STATUSES, MAIL_STATUS_LABELS, type MailMessage, type MailStatus } from '#shared/contract/mail';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Select } from '../../ui/select.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { useMailList, useResendMail } from './api.ts';
import { mailColumns } from './mail-columns.tsx';

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...MAIL_STATUSES.map((s) => ({ value: s, label: MAIL_STATUS_LABELS[s] }))];

const isMailStatus = (value: string | null): value is MailStatus => (MAIL_STATUSES as readonly (string | null)[]).includes(value);

/** The status filter lives in the URL (?status=failed), so other pages can link to it. */
function useStatusFilter() {
  const [params, setParams] = useSearchParams();
  const value = params.get('status');
  const status: MailStatus | '' = isMailStatus(value) ? value : '';
  const setStatus = (next: MailStatus | '') =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('status', next);
        else updated.delete('status');
        return updated;
      },
      { replace: true },
    );
  return [status, setStatus] as const;
}

/** Admins: every notification e-mail, what became of it, and Resend (the only way to mail again). */
export function MailPage() {
  const [status, setStatus] = useStatusFilter();
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 10 });
  const mail = useMailList({ page: pagination.pageIndex + 1, limit: pagination.pageSize, ...(status ? { status } : {}) });
  const resend = useResendMail();
  const [target, setTarget] = useState<MailMessage | null>(null);
  const [open, setOpen] = useState(false);
  const columns = useMemo(
    () =>
      mailColumns((m) => {
        setTarget(m);
        setOpen(true);
      }),
    [],
  );

  function confirmResend(id: string) {
    resend.mutate(id, {
      onSuccess: () => toast.success('E-mail queued again'),
      onError: (error) => toast.error(messageOf(error, 'Failed to resend the e-mail')),
      onSettled: () => setOpen(false),
    });
  }

  return (
    <>
      <PageHeader title="Mail" description="Every notification e-mail: to whom, about which submission, and whether it went out." />
      <div className="mb-4 max-w-xs">
        <Select
          label="Status"
          name="status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(e) => {
            setStatus(isMailStatus(e.target.value) ? e.target.value : '');
            setPagination((p) => ({ ...p, pageIndex: 0 }));
          }}
        />
      </div>
      {mail.isError && !mail.data ? (
        <ErrorState message={messageOf(mail.error, 'An error occurred while fetching mail')} action={<Button variant="secondary" onClick={() => void mail.refetch()}>Try again</Button>} />
      ) : (
        <DataTable
          label="Mail"
          columns={columns}
          data={mail.data?.results}
          getRowId={(m) => m.id}
          isLoading={mail.isPending}
          isFetching={mail.isPlaceholderData}
          paging={{ pagination, onPaginationChange: setPagination, rowCount: mail.data?.totalResults ?? 0 }}
          emptyHint={
            status && (
              <>
                <p className="text-sm">No e-mails match the status filter.</p>
                <Button variant="secondary" onClick={() => setStatus('')}>
                  Clear filter
                </Button>
              </>
            )
          }
        />
      )}
      {target && (
        <ConfirmDialog
          open={open}
          title="Resend e-mail"
          message={
            <>
              <p>Send “{target.subject}” again?</p>
              <p className="mt-2 text-slate-600">It goes to the notification recipients active now, as a new message.</p>
            </>
          }
          confirmLabel="Resend"
          busy={resend.isPending}
          onConfirm={() => confirmResend(target.id)}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}
