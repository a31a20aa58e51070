import type { ReactNode } from 'react';
import { type Submission, attemptCount } from '#shared/contract/submissions';
import { cn } from '../../lib/cn.ts';
import { Icon } from '../../ui/icons.tsx';
import { useReviewedForm } from './api.ts';
import { URGENCY_TEXT, deadlineUrgency } from './format.ts';
import { ReportabilityText, reportabilityState } from './reportability-state.tsx';
import type { DialogKind } from './submission-dialogs.tsx';
import { AccountTime } from './submission-time.tsx';

type Open = (kind: DialogKind, submission: Submission) => void;

const boxClasses = 'min-w-0 rounded-lg bg-white px-3 py-3 shadow-xs ring-1 ring-slate-200 sm:px-4';
const labelClasses = 'text-xs font-medium tracking-wide text-slate-500 uppercase';

/** Why a transfer failed or a submission was denied: stored by the server, shown as is. */
export function OutcomeNotice({ submission }: { submission: Submission }) {
  if (submission.submissionStatus === 'Transfer Error') {
    return (
      <div role="alert" className="mb-6 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <Icon name="warning" className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div>
          <p className="font-semibold">The transfer to Arena failed</p>
          <p className="mt-0.5 wrap-anywhere">{submission.transferError || 'No reason was recorded.'}</p>
        </div>
      </div>
    );
  }
  if (submission.submissionStatus === 'Denied' && submission.denyReason) {
    return (
      <div className="mb-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
        <p className="font-semibold">Denied</p>
        <p className="mt-0.5 wrap-anywhere">{submission.denyReason}</p>
      </div>
    );
  }
  return null;
}

/** A box that opens a dialog while its one-way flag is still false, and is plain text after. */
interface FlagBoxProps {
  label: string;
  done: boolean;
  /** The value in words; by default Yes or No. */
  shown?: ReactNode;
  action: string;
  onOpen: () => void;
  className?: string;
}

function FlagBox({ label, done, shown, action, onOpen, className }: FlagBoxProps) {
  if (done) {
    return (
      <div className={cn(boxClasses, className)}>
        <dt className={labelClasses}>{label}</dt>
        <dd className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-green-800">
          {shown ?? (
            <>
              <Icon name="check" className="size-4" />
              Yes
            </>
          )}
        </dd>
      </div>
    );
  }
  // The label and 'No' stay outside the button, so its name is the text it shows; its ::after
  // stretches over the box, which stays clickable as a whole.
  return (
    <div className={cn(boxClasses, 'group relative hover:bg-brand-50 hover:ring-brand-300', className)}>
      <dt className={labelClasses}>{label}</dt>
      <dd className="mt-1 flex flex-wrap items-center justify-between gap-x-2 text-sm">
        {shown ?? <span className="text-slate-900">No</span>}
        <button type="button" onClick={onOpen} className="cursor-pointer rounded-sm font-medium text-brand-800 group-hover:underline after:absolute after:inset-0 after:rounded-lg">
          {action}
        </button>
      </dd>
    </div>
  );
}

function Box({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn(boxClasses, className)}>
      <dt className={labelClasses}>{label}</dt>
      <dd className="mt-1 text-sm text-slate-900 wrap-anywhere">{children}</dd>
    </div>
  );
}

const orDash = (value: string | null | undefined) => (value && value.trim() ? value : '-');
const flagText = (value: string) => (value === '1' ? 'Yes' : value === '0' ? 'No' : orDash(value));

/**
 * Dates that drive the regulatory clock, reportability and the good faith efforts; `today` is the
 * JotForm account's; `onAddRationale` opens the decision dialog for a reportable decision without one.
 */
export function ReviewSection({ submission, today, onOpen, onAddRationale }: { submission: Submission; today: string; onOpen: Open; onAddRationale: () => void }) {
  const urgency = deadlineUrgency(submission, today);
  const reportable = reportabilityState(submission);
  // A reportable decision without its rationale, or an approval that left the decision for later.
  const missing = reportable !== 'not_reportable' && submission.rationaleMissing && !submission.closed;
  return (
    <section aria-labelledby="review-title" className="mb-8">
      <h2 id="review-title" className="mb-3 text-lg font-semibold text-slate-900">
        Review
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Box label="Become-aware date (BAD)">
          <span className="tabular-nums">{orDash(submission.becomeAwareDate)}</span>
        </Box>
        <Box label="Investigation Deadline">
          <span className={cn('tabular-nums', urgency && 'font-medium text-red-700')}>{orDash(submission.investigationDeadline)}</span>
          {urgency && <span className="ml-2 text-xs font-medium text-red-700">{URGENCY_TEXT[urgency]}</span>}
        </Box>
        {missing ? (
          <FlagBox
            className="col-span-2 bg-amber-50 ring-amber-300 lg:col-span-1"
            label="Reportable"
            done={false}
            shown={<ReportabilityText state={reportable} rationaleMissing />}
            action={reportable === 'reportable' ? 'Add rationale' : 'Assess reportability'}
            onOpen={onAddRationale}
          />
        ) : (
          <FlagBox
            className="col-span-2 lg:col-span-1"
            label="Reportable"
            done={reportable === 'reportable' || submission.closed}
            shown={<ReportabilityText state={reportable} />}
            action="Mark reportable"
            onOpen={() => onOpen('reportable', submission)}
          />
        )}
        <div className={cn(boxClasses, 'col-span-2 lg:col-span-1')}>
          <dt className="flex items-center justify-between gap-2">
            <span className={labelClasses}>
              Good Faith Efforts
              {submission.followupAttempts > 0 && <span className="ml-2 font-normal normal-case text-slate-600">({attemptCount(submission.followupAttempts)})</span>}
            </span>
            {!submission.closed && (
              <button type="button" onClick={() => onOpen('followup', submission)} className="rounded px-1 text-sm font-medium text-brand-800 hover:underline">
                Add attempt
              </button>
            )}
          </dt>
          <dd className="mt-1 text-sm whitespace-pre-wrap text-slate-900 wrap-anywhere">{submission.followup || <span className="text-slate-500">No follow-up yet</span>}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The JotForm fields of the submission, with emailDelivered as the 'Delivered' box. */
export function SubmissionGrid({ submission, onOpen }: { submission: Submission; onOpen: Open }) {
  const accountTimeZone = useReviewedForm().data?.timeZone;
  return (
    <section aria-labelledby="fields-title" className="mb-8">
      <h2 id="fields-title" className="mb-3 text-lg font-semibold text-slate-900">
        Submission
      </h2>
      {/* Two columns even on phones: ten short values need not make a page-long list. */}
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
        <Box label="Submission ID">
          <span className="tabular-nums">{submission.submissionId}</span>
        </Box>
        <Box label="Form ID">
          <span className="tabular-nums">{submission.form_id}</span>
        </Box>
        <Box label="IP">{orDash(submission.ip)}</Box>
        <Box label="Created at">
          <AccountTime written={submission.created_at} instant={submission.submissionDate} accountTimeZone={accountTimeZone} />
        </Box>
        <Box label="Updated at">{submission.updated_at ? <AccountTime written={submission.updated_at} accountTimeZone={accountTimeZone} /> : '-'}</Box>
        <Box label="Status">{orDash(submission.status)}</Box>
        <Box label="New">{flagText(submission.new)}</Box>
        <Box label="Flag">{flagText(submission.flag)}</Box>
        <Box label="Notes">{orDash(submission.notes)}</Box>
        <FlagBox label="Delivered" done={submission.emailDelivered || submission.closed} shown={submission.emailDelivered ? undefined : <span className="text-slate-900">No</span>} action="Mark delivered" onOpen={() => onOpen('delivered', submission)} />
      </dl>
    </section>
  );
}
