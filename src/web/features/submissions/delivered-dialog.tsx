import { Link } from 'react-router';
import { can } from '#shared/roles';
import { paths } from '../../app/paths.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useSubmissionMail } from './mail-status.tsx';

interface Props {
  id: string;
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Said before anything is marked: marking delivered would e-mail nobody. */
function NoRecipient() {
  const isAdmin = can(useCurrentUser()?.role, 'configurations');
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
      <p className="font-medium">No notification recipient is configured, so nobody would be e-mailed about this submission.</p>
      {isAdmin ? (
        <p className="mt-1">
          Add one on the{' '}
          <Link to={paths.emailConfig} className="font-medium underline">
            Config page
          </Link>{' '}
          first, then mark it as delivered.
        </p>
      ) : (
        <p className="mt-1">Ask an admin to add one under Configurations → Config, then mark it as delivered.</p>
      )}
    </div>
  );
}

/** Confirm Submission; checks first that the notification has someone to go to (docs/product.md, Notification mail). */
export function DeliveredDialog({ id, open, busy, onConfirm, onCancel }: Props) {
  const mail = useSubmissionMail(id, open);
  // A failed check does not block: the server still refuses a mail with no recipient.
  const nobody = mail.data?.activeRecipients === 0;
  return (
    <ConfirmDialog
      open={open}
      title="Confirm Submission"
      message={
        <>
          <p>Do you want to mark this submission as delivered?</p>
          {mail.isPending ? (
            <p className="mt-2 flex items-center gap-2 text-slate-600">
              <Spinner className="size-4" /> Checking the notification recipients...
            </p>
          ) : nobody ? (
            <div className="mt-3">
              <NoRecipient />
            </div>
          ) : (
            <p className="mt-2 text-slate-600">The notification recipients are emailed about it. This cannot be undone.</p>
          )}
        </>
      }
      busy={busy}
      confirmDisabled={mail.isPending || nobody}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
