import type { Submission } from '#shared/contract/submissions';
import { useSettling } from '../../lib/use-settling.ts';
import { Badge } from '../../ui/badge.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { QualityProcessActions } from '../quality-process/index.ts';
import { ReviewActions } from './review-actions.tsx';
import { StatusBadge } from './status-badge.tsx';
import { DownloadComplaintFile } from './download-complaint-file.tsx';
import type { DialogKind } from './submission-dialogs.tsx';

interface Props {
  submission: Submission;
  updating: boolean;
  openDialog: (kind: DialogKind, submission: Submission) => void;
  /** Opens the reportability decision dialog (from the deny dialog of an undecided submission). */
  onRecordDecision: () => void;
}

/** What can be done next, by status (docs/product.md, Screens, Statuses): a review, else the quality process. */
function StatusActions({ submission, openDialog, onRecordDecision }: Pick<Props, 'submission' | 'openDialog' | 'onRecordDecision'>) {
  switch (submission.submissionStatus) {
    case 'Pending Review':
      return <ReviewActions submission={submission} onRecordDecision={onRecordDecision} />;
    default:
      return <QualityProcessActions submission={submission} onOpen={openDialog} />;
  }
}

export function DetailsHeader({ submission, updating, openDialog, onRecordDecision }: Props) {
  // The next status's button may appear where the last one was clicked: it waits out a double-click.
  const settling = useSettling(submission.submissionStatus);
  return (
    <div className="mb-6 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
      <div className="min-w-0">
        <h1 tabIndex={-1} className="text-2xl font-semibold tracking-tight text-slate-900">Submission Details</h1>
        <p className="mt-1 text-sm text-slate-600">
          {submission.submitter || 'Unknown submitter'} · submitted <DateTime value={submission.submissionDate} />
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <StatusBadge status={submission.submissionStatus} />
          {submission.closed && <Badge tone="green">Closed</Badge>}
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
      <div id="details-actions" tabIndex={-1} className="flex shrink-0 flex-wrap gap-3" inert={settling}>
        {!submission.closed && <StatusActions submission={submission} openDialog={openDialog} onRecordDecision={onRecordDecision} />}
        <DownloadComplaintFile id={submission.id} />
      </div>
    </div>
  );
}
