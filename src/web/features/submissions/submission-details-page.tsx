import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { ApiError, messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { useDocumentTitle } from '../../ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { DialogAside } from '../../ui/dialog.tsx';
import { AnswersList } from './answers-list.tsx';
import { ComplaintSummary } from './complaint-summary.tsx';
import { type DecideRequest, ReportabilitySection } from '../reporting/index.ts';
import { ClosureSection, InvestigationReplySection, useClosure } from '../closure/index.ts';
import { SimilarComplaints } from '../trends/index.ts';
import { CodesSection } from '../imdrf/index.ts';
import { useReloadAfterAction, useSubmission } from './api.ts';
import { lastListSearch } from './back-link.ts';
import { DetailsHeader } from './details-header.tsx';
import { HistorySection } from './history-section.tsx';
import { OutcomeNotice, ReviewSection, SubmissionGrid } from './details-sections.tsx';
import { MailStatusPanel } from './mail-status.tsx';
import { OwnerSection } from './owner-section.tsx';
import { useSubmissionDialogs } from './submission-dialogs.tsx';
import { useAccountToday } from './today.ts';
import { Icon } from '../../ui/icons.tsx';

function BackLink() {
  const search = lastListSearch();
  return (
    <Link to={`${paths.jotforms}${search ? `?${search}` : ''}`} className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-brand-800 hover:underline">
      <Icon name="arrowLeft" className="size-4" />
      Back to Form Submissions
    </Link>
  );
}

/** A closed record is read-only: only Reopen, in the Closure section, changes it. */
function ClosedNotice() {
  return (
    <div role="status" className="mb-6 flex gap-3 rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-950">
      <Icon name="lock" className="mt-0.5 size-5 shrink-0 text-green-800" />
      <p>
        <span className="font-semibold">This complaint is closed.</span> Its record is read-only; to change anything, reopen it with a reason in{' '}
        <a href="#closure-title" className="font-medium underline">
          Closure
        </a>
        .
      </p>
    </div>
  );
}

/** Submission Details (/dashboard/jotforms/submission/:id). */
export function SubmissionDetailsPage() {
  const { id = '' } = useParams();
  const submission = useSubmission(id);
  const dialogs = useSubmissionDialogs('details');
  const afterWrite = useReloadAfterAction();
  const today = useAccountToday();
  const closure = useClosure(id);
  const [decideRequest, setDecideRequest] = useState<DecideRequest | null>(null);
  // Any write on this page, then the reload that follows it (docs/product.md, Screens: 'Updating...').
  const writing = useIsMutating() > 0;
  const updating = writing || (submission.isFetching && !submission.isPending);
  useDocumentTitle(submission.data ? `Submission ${submission.data.submitter || submission.data.submissionId}` : 'Submission Details');

  // A failed fetch is also announced as a toast.
  const failedAt = submission.isError ? submission.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error('Error Fetching Submission');
  }, [failedAt]);

  if (submission.isPending) {
    return (
      <>
        <BackLink />
        <LoadingState text="Loading Submission..." />
      </>
    );
  }
  if (submission.isError) {
    return (
      <>
        <BackLink />
        {/* A submission that does not exist will not appear by trying again: only other failures offer it. */}
        <ErrorState
          message={messageOf(submission.error, 'Error Fetching Submission')}
          {...(submission.error instanceof ApiError && submission.error.status === 404 ? {} : { onRetry: () => void submission.refetch() })}
        />
      </>
    );
  }

  const data = submission.data;
  // For triage (docs/product.md, Screens): the complaint in its own words first, then the review
  // and the reportability decision, then JotForm's fields and every answer; the complaint stays
  // readable beside any dialog on wide screens.
  return (
    <DialogAside.Provider value={<ComplaintSummary answers={data.answers} headingId="aside-complaint-title" />}>
      <BackLink />
      <DetailsHeader submission={data} updating={updating} openDialog={dialogs.openDialog} onRecordDecision={() => setDecideRequest({ key: Date.now() })} />
      <OutcomeNotice submission={data} />
      {data.closed && <ClosedNotice />}
      <OwnerSection submission={data} />
      <ComplaintSummary answers={data.answers} headingId="complaint-title" className="mb-8" />
      <ReviewSection submission={data} today={today} onOpen={dialogs.openDialog} onAddRationale={() => setDecideRequest({ key: Date.now() })} />
      <ReportabilitySection id={data.id} afterWrite={afterWrite} today={today} becomeAwareDate={data.becomeAwareDate} decideRequest={decideRequest} />
      <CodesSection id={data.id} closed={data.closed} afterWrite={afterWrite} />
      <SimilarComplaints id={data.id} />
      {closure.data && <InvestigationReplySection id={data.id} closure={closure.data} afterWrite={afterWrite} today={today} />}
      {closure.data && <ClosureSection id={data.id} closure={closure.data} afterWrite={afterWrite} />}
      <SubmissionGrid submission={data} onOpen={dialogs.openDialog} />
      <MailStatusPanel id={data.id} delivered={data.emailDelivered} />
      <section aria-labelledby="answers-title">
        <h2 id="answers-title" className="mb-3 text-lg font-semibold text-slate-900">
          Answers
        </h2>
        <div className="overflow-hidden rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
          <AnswersList answers={data.answers} />
        </div>
      </section>
      <div className="mt-8">
        <HistorySection id={data.id} />
      </div>
      {dialogs.dialogs}
    </DialogAside.Provider>
  );
}
