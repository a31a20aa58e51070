import { useCallback, useMemo } from 'react';
import { RETRY_TITLE } from '#shared/contract/quality-process';
import type { SubmissionRow } from '#shared/contract/submissions';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { CellButton } from '../../ui/cell-button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { type AfterWrite, createdProcessText, useCreateQualityProcess } from './api.ts';

/** The dialogs of this feature a submission screen opens. */
export type QualityProcessDialog = 'create' | 'steps';

export interface Retry {
  retry: (row: SubmissionRow) => void;
  /** The row whose Retry is in flight. */
  retryingId: string | null;
}

/** The list's Retry: sends RETRY_TITLE at once, one row at a time. */
export function useRetryQualityProcess(afterWrite: AfterWrite): Retry {
  const create = useCreateQualityProcess('Error Creating Quality Process', afterWrite);
  const retry = useCallback(
    (row: SubmissionRow) =>
      create.mutate(
        { id: row.id, chTitle: RETRY_TITLE },
        { onSuccess: () => void createdProcessText(row.id).then((detail) => toast.success('Status updated successfully', detail)), onError: (error) => toast.error(messageOf(error, 'Error Creating Quality Process')) },
      ),
    // `create.mutate` is stable; the whole mutation object changes on every state change.
    [create.mutate],
  );
  const retryingId = create.isPending ? (create.variables?.id ?? null) : null;
  // One object while nothing changes, so the table's columns are not rebuilt on every render.
  return useMemo(() => ({ retry, retryingId }), [retry, retryingId]);
}

/** CH-Title cell: Create, Retry, or the title opening the steps once transferred. */
export function QualityProcessCell({ row, onOpen, retry }: { row: SubmissionRow; onOpen: (kind: QualityProcessDialog, row: SubmissionRow) => void; retry: Retry }) {
  if (!row.chTitle && row.submissionStatus === 'Pending Transfer') {
    return (
      <CellButton onClick={() => onOpen('create', row)} title="Create the quality process in Arena">
        <Icon name="plus" className="size-4" />
        Create
      </CellButton>
    );
  }
  if (!row.chTitle && row.submissionStatus === 'Transfer Error') {
    const busy = retry.retryingId === row.id;
    return (
      <CellButton onClick={() => retry.retry(row)} disabled={busy} title={row.transferError ? `Last error: ${row.transferError}` : 'Try the transfer to Arena again'}>
        {busy ? <Spinner className="size-4" /> : <Icon name="refresh" className="size-4" />}
        Retry
      </CellButton>
    );
  }
  if (row.chTitle && row.submissionStatus === 'Successful Transfer') {
    return (
      <CellButton tone="link" onClick={() => onOpen('steps', row)} title="View quality process steps">
        {row.chTitle}
        <span className="sr-only">, view quality process steps</span>
      </CellButton>
    );
  }
  return row.chTitle ? <span>{row.chTitle}</span> : <span className="text-slate-400">-</span>;
}
