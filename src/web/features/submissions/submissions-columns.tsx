import { createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { COMPLAINT_FIELD_LABELS, type ComplaintField } from '#shared/contract/field-mapping';
import { type SubmissionRow, attemptCount, truncateFollowup } from '#shared/contract/submissions';
import { cn } from '../../lib/cn.ts';
import { CellButton } from '../../ui/cell-button.tsx';
import type { HideBelow } from '../../ui/data-table.tsx';
import { Icon } from '../../ui/icons.tsx';
import { QualityProcessCell, type Retry } from '../quality-process/index.ts';
import { ReportingDue } from '../reporting/index.ts';
import { URGENCY_TEXT, chNumberShown, deadlineUrgency } from './format.ts';
import { StatusBadge } from './status-badge.tsx';
import { Badge } from '../../ui/badge.tsx';
import { PotentialReportableBadge } from '../triage/index.ts';
import { ReportabilityText, reportabilityState } from './reportability-state.tsx';
import { SubmissionDateCell } from './submission-time.tsx';
import type { DialogKind } from './submission-dialogs.tsx';

export interface CellActions {
  open: (kind: DialogKind, row: SubmissionRow) => void;
  retry: Retry;
  /** The JotForm account's zone, for the account time beside each submission time. */
  accountTimeZone: string | undefined;
  /** Today on the JotForm account's calendar: deadlines are near or past from it. */
  today: string;
}

const column = createColumnHelper<SubmissionRow>();

const dash = <span className="text-slate-400">-</span>;

/** The owner's initials under the submitter's name (no column of its own, so the widths hold); the full name for screen readers and on hover. */
function OwnerInitials({ owner }: { owner: SubmissionRow['owner'] }) {
  if (!owner) return null;
  const initials = owner.name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('');
  return (
    <span className="mt-0.5 block text-xs text-slate-500" title={`Owner: ${owner.name}`}>
      <span aria-hidden="true">Owner {initials}</span>
      <span className="sr-only">Owner: {owner.name}</span>
    </span>
  );
}

/**
 * Eleven columns must fit beside the sidebar from 1281 px up (decision 040): headers may wrap
 * between words (the table cell itself is nowrap), so the browser can narrow a column down to its
 * longest word.
 */
const Wrap = ({ children }: { children: ReactNode }) => <span className="whitespace-normal">{children}</span>;

/**
 * Tighter cell padding than the table's default for the same reason; `!` because the table's own
 * responsive padding would otherwise win. The outer edges keep their breathing room.
 */
const COMPACT = 'px-1! first:pl-3! last:pr-3! sm:first:pl-4! sm:last:pr-4!';
const meta = (extra: { hideBelow?: HideBelow; className?: string } = {}) => ({ ...extra, className: cn(COMPACT, extra.className) });

const yes = (
  <span className="inline-flex items-center gap-1 font-medium text-green-800">
    <Icon name="check" className="size-4" />
    Yes
  </span>
);

/** A one-way flag: 'Yes' once set, until then a button named by what it does, opening its confirmation. */
function flagColumn(field: 'emailDelivered', header: string, { dialog, label, title }: { dialog: DialogKind; label: string; title: string }, actions: CellActions) {
  return column.accessor(field, {
    id: field,
    header: () => <Wrap>{header}</Wrap>,
    meta: meta({ hideBelow: 959 }),
    cell: (info) =>
      info.getValue() ? (
        yes
      ) : (
        <CellButton onClick={() => actions.open(dialog, info.row.original)} title={title}>
          {label}
        </CellButton>
      ),
  });
}

/**
 * Marks under the submission date, where a row starts (docs/product.md, List and CSV): "New" while
 * nobody has opened the submission, and where the Reporting due column is hidden, "Overdue" or
 * "Due soon" in words beside an icon (the row's tint never says it alone).
 */
function RowMarks({ row }: { row: SubmissionRow }) {
  if (row.opened && row.clock !== 'overdue' && row.clock !== 'due_soon') return null;
  return (
    <span className="mt-1 flex items-center gap-1">
      {!row.opened && (
        <span title="Nobody has opened this submission yet" className="rounded-sm bg-brand-100 px-1 text-[0.6875rem] leading-4 font-semibold tracking-wide text-brand-800 uppercase">
          New
        </span>
      )}
      {row.clock === 'overdue' && (
        <span className="inline-flex items-center gap-0.5 text-xs font-medium text-red-700 min-[1281px]:hidden">
          <Icon name="warning" className="size-4" aria-hidden="true" />
          Overdue
        </span>
      )}
      {row.clock === 'due_soon' && (
        <span className="inline-flex items-center gap-0.5 text-xs font-medium text-amber-800 min-[1281px]:hidden">
          <Icon name="clock" className="size-4" aria-hidden="true" />
          Due soon
        </span>
      )}
    </span>
  );
}

/**
 * A complaint field as an optional column (docs/features/coding.md): after the spec's ten and
 * Reporting due, shown only when chosen and from 1440 px, where the table has room beside the
 * sidebar; narrower, it moves into the row's expansion, so the list never scrolls sideways.
 * Free text: it wraps instead of widening the table. Not sorted by the server.
 */
function complaintFieldColumn(field: ComplaintField) {
  return column.accessor(field, {
    id: field,
    header: () => <Wrap>{COMPLAINT_FIELD_LABELS[field]}</Wrap>,
    enableSorting: false,
    meta: meta({ hideBelow: 1439, className: 'whitespace-normal [overflow-wrap:anywhere] min-w-16' }),
    cell: (info) => info.getValue() ?? dash,
  });
}

/** Column ids are the server's sort fields (SUBMISSION_SORT_FIELDS): each spec column sorts; `extra` are the complaint fields chosen. */
export function submissionsColumns(actions: CellActions, extra: readonly ComplaintField[] = []) {
  return [
    column.accessor('submissionDate', {
      id: 'submissionDate',
      header: () => <Wrap>Submission Date</Wrap>,
      meta: meta({ className: 'tabular-nums' }),
      cell: (info) => (
        <>
          <SubmissionDateCell submissionDate={info.getValue()} createdAt={info.row.original.created_at} accountTimeZone={actions.accountTimeZone} />
          <RowMarks row={info.row.original} />
        </>
      ),
    }),
    column.accessor('submitter', {
      id: 'submitter',
      header: () => <Wrap>Submitter Name</Wrap>,
      meta: meta(),
      cell: (info) => (
        <>
          {info.getValue() ? <span className="font-medium text-slate-900">{info.getValue()}</span> : dash}
          <OwnerInitials owner={info.row.original.owner} />
        </>
      ),
    }),
    column.accessor('submissionStatus', { id: 'submissionStatus', header: () => <Wrap>Form Status</Wrap>, meta: meta(), cell: (info) => (
        <span className="inline-flex flex-col items-start gap-1">
          <StatusBadge status={info.getValue()} className="max-[1440px]:whitespace-normal" />
          {/* Closed is its own fact beside the workflow status (docs/features/signatures.md). */}
          {info.row.original.closed && <Badge tone="green">Closed</Badge>}
          {/* Flagged at intake: a screening question answered yes (docs/features/triage.md). */}
          {info.row.original.potentialReportable && <PotentialReportableBadge className="max-[1440px]:whitespace-normal" />}
        </span>
      ) }),
    column.accessor('becomeAwareDate', {
      id: 'becomeAwareDate',
      header: () => <abbr title="Become-aware date" className="no-underline">BAD</abbr>,
      meta: meta({ hideBelow: 959, className: 'tabular-nums whitespace-nowrap' }),
    }),
    column.accessor('investigationDeadline', {
      id: 'investigationDeadline',
      header: () => <Wrap>Investigation Deadline</Wrap>,
      meta: meta({ hideBelow: 599, className: 'tabular-nums whitespace-nowrap' }),
      cell: (info) => {
        const urgency = deadlineUrgency(info.row.original, actions.today);
        if (!urgency) return info.getValue() || dash;
        return (
          <span className="inline-flex items-center gap-1 font-medium text-red-700" title={URGENCY_TEXT[urgency]}>
            {info.getValue()}
            <Icon name="warning" className="size-4" />
            <span className="sr-only">({URGENCY_TEXT[urgency]})</span>
          </span>
        );
      },
    }),
    column.accessor('reportable', {
      id: 'reportable',
      header: () => <Wrap>Reportable</Wrap>,
      meta: meta({ hideBelow: 959 }),
      cell: (info) => {
        const state = reportabilityState(info.row.original);
        if (state === 'reportable') return <ReportabilityText state={state} rationaleMissing={info.row.original.rationaleMissing} compact />;
        return (
          <span className="flex flex-col items-start gap-1">
            <ReportabilityText state={state} rationaleMissing={info.row.original.rationaleMissing} compact />
            <CellButton onClick={() => actions.open('reportable', info.row.original)} title="Mark this submission as reportable">
              Mark reportable
            </CellButton>
          </span>
        );
      },
    }),
    column.accessor('chNumber', {
      id: 'chNumber',
      header: () => <Wrap>CH-Number</Wrap>,
      meta: meta({ hideBelow: 1280, className: 'tabular-nums whitespace-nowrap' }),
      cell: (info) => {
        const shown = chNumberShown(info.row.original);
        return shown === '-' ? dash : shown;
      },
    }),
    column.accessor('chTitle', {
      id: 'chTitle',
      header: () => <Wrap>CH-Title</Wrap>,
      // A process title is free text: it wraps (anywhere, if it must) instead of widening the table.
      meta: meta({ hideBelow: 599, className: 'whitespace-normal [overflow-wrap:anywhere] min-w-20' }),
      cell: (info) => <QualityProcessCell row={info.row.original} onOpen={actions.open} retry={actions.retry} />,
    }),
    column.accessor('followup', {
      id: 'followup',
      header: () => <Wrap>Good Faith Efforts</Wrap>,
      meta: meta({ hideBelow: 1280 }),
      cell: (info) => {
        const text = info.getValue();
        const short = truncateFollowup(text);
        const attempts = info.row.original.followupAttempts;
        // The latest note as text, and one button that says what it does: each save adds a note (an attempt).
        return (
          <span className="flex flex-col items-start gap-1">
            {short && (
              <span className="whitespace-normal text-slate-900" title={text ?? undefined}>
                {short}
              </span>
            )}
            {attempts > 0 && <span className="block text-xs text-slate-600">{attemptCount(attempts)}</span>}
            <CellButton tone="quiet" onClick={() => actions.open('followup', info.row.original)} title="Add a good faith effort">
              <Icon name="plus" className="size-4" />
              Add attempt
            </CellButton>
          </span>
        );
      },
    }),
    flagColumn('emailDelivered', 'Delivered', { dialog: 'delivered', label: 'Mark delivered', title: 'Mark delivered and email the recipients' }, actions),
    // After the ten: the earliest open reporting clock, its date and state in words; sorted by the server too.
    column.accessor('reportingDue', {
      id: 'reportingDue',
      header: () => <Wrap>Reporting due</Wrap>,
      meta: meta({ hideBelow: 1280, className: 'whitespace-nowrap' }),
      cell: (info) => <ReportingDue due={info.getValue()} state={info.row.original.clock} />,
    }),
    ...extra.map(complaintFieldColumn),
  ];
}
