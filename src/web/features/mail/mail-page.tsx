import type { PaginationState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MAIL_KIND_LABELS, MAIL_STATUSES, MAIL_STATUS_LABELS, type MailMessage, type MailStatus } from '#shared/contract/mail';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Select } from '../../ui/select.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { useMailList, useResendAddressees, useResendMail } from './api.ts';
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

  const addressees = useResendAddressees(open && target ? target.id : null);
  const to = addressees.data?.to ?? [];

  function confirmResend(id: string) {
    if (!addressees.data || to.length === 0) return;
    resend.mutate({ id, to }, {
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
              <p>
                Send the {MAIL_KIND_LABELS[target.kind].toLowerCase()} “{target.subject}” again, as a new message?
              </p>
              {addressees.isPending ? (
                <p className="mt-2 text-slate-600">Finding the addressees...</p>
              ) : addressees.isError ? (
                <p role="alert" className="mt-2 text-red-700">{messageOf(addressees.error, 'Failed to find the addressees')}</p>
              ) : to.length === 0 ? (
                <p role="alert" className="mt-2 text-red-700">No notification recipient is active: add one under Configurations → Config first.</p>
              ) : (
                <div className="mt-2">
                  <p id="resend-to" className="text-slate-600">
                    {addressees.data.basis === 'active_recipients' ? 'It goes to the notification recipients active now:' : `It goes again to whom it went (${to.length === 1 ? 'its addressee' : 'its addressees'}):`}
                  </p>
                  <ul aria-labelledby="resend-to" className="mt-1 list-disc pl-5 font-medium text-slate-900">
                    {to.map((a) => (
                      <li key={a} className="wrap-anywhere">{a}</li>
                    ))}
                  </ul>
                </div>
              )}
            </>
          }
          confirmDisabled={!addressees.data || to.length === 0}
          confirmLabel="Resend"
          busy={resend.isPending}
          onConfirm={() => confirmResend(target.id)}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}
