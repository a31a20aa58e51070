import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type MailStatus, type SubmissionMail, MAIL_MAX_ATTEMPTS, MAIL_STATUS_LABELS, mailApi } from '#shared/contract/mail';
import { can } from '#shared/roles';
import { paths } from '../../app/paths.ts';
import { api, messageOf } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { submissionsKeys } from './api.ts';


/** The submission's notification e-mails and how many recipients a new one would reach. */
const TONES: Record<MailStatus, BadgeTone> = { queued: 'blue', sent: 'green', failed: 'red', stored: 'gray' };

export function useSubmissionMail(id: string, enabled = true) {
  return useQuery({
    queryKey: submissionsKeys.mail(id),
    queryFn: ({ signal }) => api(mailApi.submission, { params: { id }, signal, fallback: 'Failed to fetch the e-mail status' }),
    enabled: enabled && !!id,
  });
}

function describe(m: SubmissionMail): string {
  const to = `${m.recipients} recipient${m.recipients === 1 ? '' : 's'}`;
  switch (m.status) {
    case 'sent':
      return `Sent to ${to}${m.sentAt ? ` on ${formatDateTime(m.sentAt)}` : ''}.`;
    case 'stored':
      return `Kept in the outbox for ${to}: no mail server is configured.`;
    case 'failed':
      return `Not delivered to ${to} after ${m.attempts} attempts${m.error ? `: ${m.error}` : '.'}`;
    case 'queued':
      return m.attempts === 0
        ? `Waiting to be sent to ${to}.`
        : `Attempt ${m.attempts} of ${MAIL_MAX_ATTEMPTS} failed${m.error ? ` (${m.error})` : ''}; next try ${m.nextAttemptAt ? formatDateTime(m.nextAttemptAt) : 'soon'}.`;
  }
}

/** Details page: what became of the delivered notification (docs/product.md, Notification mail: one mail per action). */
export function MailStatusPanel({ id, delivered }: { id: string; delivered: boolean }) {
  const mail = useSubmissionMail(id);
  const isAdmin = can(useCurrentUser()?.role, 'mail');
  return (
    <section aria-labelledby="mail-status-title" className="mb-6 rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="mail-status-title" className="text-base font-semibold text-slate-900">
          Notification e-mail
        </h2>
        {isAdmin && (
          <Link to={paths.mail} className="text-sm font-medium text-brand-800 hover:underline">
            Open the Mail page
          </Link>
        )}
      </div>
      {mail.isPending ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" /> Loading e-mail status...
        </p>
      ) : mail.isError ? (
        <p className="mt-2 text-sm text-red-800">Error: {messageOf(mail.error, 'Failed to fetch the e-mail status')}</p>
      ) : mail.data.results.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{delivered ? 'Marked as delivered; no e-mail was sent about it.' : 'No e-mail yet: one goes to the notification recipients when the submission is marked as delivered.'}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {mail.data.results.map((m) => (
            <li key={m.id} className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-start sm:gap-3">
              <Badge tone={TONES[m.status]} className="self-start">
                {MAIL_STATUS_LABELS[m.status]}
              </Badge>
              <p className="min-w-0 text-slate-700 wrap-anywhere">
                {m.resendOf ? 'Resent. ' : ''}
                {describe(m)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
