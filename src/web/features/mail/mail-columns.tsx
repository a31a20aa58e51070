import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { type MailMessage, type MailStatus, MAIL_KIND_LABELS, MAIL_MAX_ATTEMPTS, MAIL_STATUS_LABELS } from '#shared/contract/mail';
import { submissionPath } from '../../app/paths.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';
import { Icon } from '../../ui/icons.tsx';

const TONES: Record<MailStatus, BadgeTone> = { queued: 'blue', sent: 'green', failed: 'red', stored: 'gray' };

const column = createColumnHelper<MailMessage>();
const time = (value: string | null) => (value ? <DateTime value={value} /> : <span className="text-slate-500">-</span>);

/** What happened to a message, in words: when it went, or why not and what comes next. */
function Outcome({ mail }: { mail: MailMessage }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge tone={TONES[mail.status]} className="max-sm:whitespace-normal">{MAIL_STATUS_LABELS[mail.status]}</Badge>
      {mail.sentAt && <span className="text-xs text-slate-600 tabular-nums">Sent {formatDateTime(mail.sentAt)}</span>}
      {mail.status !== 'stored' && mail.status !== 'sent' && <span className="text-xs text-slate-600">{mail.attempts} of {MAIL_MAX_ATTEMPTS} attempts</span>}
      {mail.status === 'queued' && mail.attempts > 0 && mail.nextAttemptAt && <span className="text-xs text-slate-600">Next try {formatDateTime(mail.nextAttemptAt)}</span>}
      {mail.error && mail.status !== 'sent' && <span className="max-w-xs text-xs text-red-800 wrap-anywhere">{mail.error}</span>}
    </div>
  );
}

/** One address a line; a long one may break after its @ or a dot, where <wbr> allows. */
function Addresses({ to }: { to: string[] }) {
  return (
    <ul>
      {to.map((a) => (
        <li key={a}>
          {a.split(/(?<=[@.])/).map((part, i) => (
            <span key={i}>
              {i > 0 && <wbr />}
              {part}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** Server paging without server sorting: a column sort would order one page only, so none sorts. */
export function mailColumns(onResend: (mail: MailMessage) => void) {
  return [
    column.accessor('createdAt', {
      header: 'Created',
      meta: { className: 'tabular-nums' },
      cell: (info) => (
        <>
          {time(info.getValue())}
          {/* Where Kind and To are hidden, they read here: seven rows must not look the same on a phone. */}
          <span className="mt-1 block text-xs font-medium text-slate-800 min-[960px]:hidden">{MAIL_KIND_LABELS[info.row.original.kind]}</span>
          <span className="block text-xs text-slate-600 wrap-break-word min-[600px]:hidden">
            <span className="sr-only">To </span>
            {info.row.original.to.join(', ')}
          </span>
        </>
      ),
    }),
    // Addresses and subjects break between words (an address after its @ or dots if it must), never mid-word at 1366 px.
    column.accessor('to', { header: 'To', meta: { hideBelow: 599, className: 'min-w-28 whitespace-normal wrap-break-word' }, cell: (info) => <Addresses to={info.getValue()} /> }),
    column.accessor('kind', { header: 'Kind', meta: { hideBelow: 959, className: 'whitespace-normal' }, cell: (info) => MAIL_KIND_LABELS[info.getValue()] }),
    column.accessor('subject', { header: 'Subject', meta: { hideBelow: 959, className: 'min-w-40 whitespace-normal wrap-break-word' } }),
    column.accessor('submissionId', {
      header: 'Submission',
      // A 19-digit id may break where the column is narrow (1024 px), never push the table sideways.
      meta: { hideBelow: 599, className: 'min-w-24 whitespace-normal' },
      cell: (info) => {
        const id = info.getValue();
        return id ? (
          <Link to={submissionPath(id)} className="font-medium text-brand-800 wrap-anywhere hover:underline">
            {id}
          </Link>
        ) : (
          '-'
        );
      },
    }),
    column.accessor('status', { header: 'Status', cell: (info) => <Outcome mail={info.row.original} /> }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'w-0 text-right' },
      cell: (info) => (
        <button
          type="button"
          onClick={() => onResend(info.row.original)}
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50 hover:text-brand-900"
        >
          <Icon name="refresh" className="size-4" />
          {/* Icon only on phones, where the row has little room; the name stays for screen readers. */}
          <span className="max-sm:sr-only">Resend</span>
          <span className="sr-only"> e-mail {info.row.original.subject}</span>
        </button>
      ),
    }),
  ].map((c) => ({ ...c, enableSorting: false }));
}
