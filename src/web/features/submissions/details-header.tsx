import { useState } from 'react';
import type { Submission } from '#shared/contract/submissions';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { QualityProcessActions } from '../quality-process/index.ts';
import { useReview } from './api.ts';
import { DenyDialog } from './deny-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';
import type { DialogKind } from './submission-dialogs.tsx';

interface Props {
  submission: Submission;
  updating: boolean;
  openDialog: (kind: DialogKind, submission: Submission) => void;
}

/** Approve / deny a submission pending review (docs/product.md, Statuses). */
function ReviewActions({ submission }: { submission: Submission }) {
  const review = useReview();
  const [denyKey, setDenyKey] = useState(0);
  const [denying, setDenying] = useState(false);
  const approve = () =>
    review.mutate(
      { id: submission.id, decision: 'approve' },
      { onSuccess: () => toast.success('Status updated successfully'), onError: (error) => toast.error(messageOf(error, 'Error updating status')) },
    );
  return (
    <>
      <Button
        variant="secondary"
        className="text-red-800"
        disabled={review.isPending}
        onClick={() => {
          setDenyKey((k) => k + 1);
          setDenying(true);
        }}
      >
        <Icon name="xCircle" className="size-4" />
        Deny
      </Button>
      <Button onClick={approve} busy={review.isPending} busyText="Updating...">
        <Icon name="checkCircle" className="size-4" />
        Approve
      </Button>
      <DenyDialog key={denyKey} submission={submission} open={denying} onClose={() => setDenying(false)} />
    </>
  );
}

/** What can be done next, by status (docs/product.md, Screens, Statuses): a review, else the quality process. */
function StatusActions({ submission, openDialog }: Pick<Props, 'submission' | 'openDialog'>) {
  switch (submission.submissionStatus) {
    case 'Pending Review':
      return <ReviewActions submission={submission} />;
    default:
      return <QualityProcessActions submission={submission} onOpen={openDialog} />;
  }
}

export function DetailsHeader({ submission, updating, openDialog }: Props) {
  return (
    <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0">
        <h1 tabIndex={-1} className="text-2xl font-semibold tracking-tight text-slate-900">Submission Details</h1>
        <p className="mt-1 text-sm text-slate-600">
          {submission.submitter || 'Unknown submitter'} · submitted <DateTime value={submission.submissionDate} />
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <StatusBadge status={submission.submissionStatus} />
          {submission.chTitle && (
            <Badge tone="brand" title="CH-Title">
              {submission.chTitle}
            </Badge>
          )}
          {submission.chNumber && (
            <Badge tone="gray" title="CH-Number" className="tabular-nums">
              {submission.chNumber}
            </Badge>
          )}
          {updating && (
            <span role="status" className="inline-flex items-center gap-1.5 text-sm text-slate-600">
              <Spinner className="size-4 text-brand-600" />
              Updating...
            </span>
          )}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-3">
        <StatusActions submission={submission} openDialog={openDialog} />
      </div>
    </div>
  );
}
