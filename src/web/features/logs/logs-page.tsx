import { useState } from 'react';
import { messageOf } from '../../lib/api-client.ts';
import { downloadFile } from '../../lib/download.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ErrorState } from '../../ui/states.tsx';
import { useClearLogs, useLogs } from './api.ts';
import { logsColumns } from './logs-columns.tsx';
import { LOGS_CSV_FILENAME, buildLogsCsv } from './logs-format.ts';

export function LogsPage() {
  const logs = useLogs();
  const clear = useClearLogs();
  const [confirming, setConfirming] = useState(false);
  const entries = logs.data ?? [];

  function exportCsv() {
    if (entries.length === 0) return toast.error('No logs available to download.');
    try {
      downloadFile(LOGS_CSV_FILENAME, buildLogsCsv(entries));
      toast.success('CSV downloaded successfully!');
    } catch {
      toast.error('CSV download failed');
    }
  }

  function confirmClear() {
    clear.mutate(undefined, {
      onSuccess: () => toast.success('Logs have been cleared successfully!'),
      onError: (error) => toast.error(messageOf(error, 'Failed to clear logs')),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <>
      <PageHeader
        title="Logs"
        description="System events, newest first. Times are shown in your local time."
        actions={
          <>
            <Button variant="secondary" onClick={exportCsv} disabled={logs.isPending}>
              <Icon name="download" className="size-4" />
              Export CSV
            </Button>
            <Button variant="danger" onClick={() => setConfirming(true)} disabled={entries.length === 0 || clear.isPending}>
              <Icon name="trash" className="size-4" />
              Clear
            </Button>
          </>
        }
      />
      {logs.isError ? (
        <ErrorState message={messageOf(logs.error, 'An error occurred while fetching logs')} action={<Button variant="secondary" onClick={() => void logs.refetch()}>Try again</Button>} />
      ) : (
        <DataTable label="Logs" columns={logsColumns} data={logs.data} isLoading={logs.isPending} scrollHeight={500} />
      )}
      <ConfirmDialog
        open={confirming}
        title="Clear all logs?"
        message="Every entry of the system log is deleted. This cannot be undone. The audit trail of changes is kept."
        confirmLabel="Confirm"
        tone="danger"
        busy={clear.isPending}
        onConfirm={confirmClear}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
