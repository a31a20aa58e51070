import { type FormEvent, useState } from 'react';
import type { UserSignIn } from '#shared/contract/auth-mfa';
import type { User } from '#shared/contract/users';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { Input } from '../../ui/input.tsx';
import { useLinkUser, useSsoEnabled } from './api.ts';

/**
 * Links the account to the person's identity at the organisation's provider, by the identity's
 * subject (the user's object or user ID in the provider's admin console), or unlinks it. The
 * person can link their own account on My account instead (docs/features/single-sign-on.md).
 */
export function SsoLink({ user, signIn, disabledReason }: { user: User; signIn: UserSignIn | undefined; disabledReason?: string | undefined }) {
  const enabled = useSsoEnabled().data;
  const link = useLinkUser();
  const [subject, setSubject] = useState('');
  const [error, setError] = useState<string>();
  const [unlinking, setUnlinking] = useState(false);
  if (!signIn || (!enabled && !signIn.singleSignOn)) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = subject.trim();
    if (!typed) return setError('Enter the identity’s subject.');
    setError(undefined);
    link.mutate({ userId: user.id, subject: typed }, { onSuccess: () => toast.success('Single sign-on linked'), onError: (e) => setError(messageOf(e, 'Failed to link single sign-on')) });
  }
  function unlink() {
    link.mutate(
      { userId: user.id, subject: null },
      {
        onSuccess: () => {
          setUnlinking(false);
          toast.success('Single sign-on unlinked');
        },
        onError: (e) => toast.error(messageOf(e, 'Failed to unlink single sign-on')),
      },
    );
  }
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <p className="text-sm font-medium text-slate-900">Single sign-on</p>
      {disabledReason ? (
        <p className="mt-0.5 text-sm text-slate-600">{disabledReason}</p>
      ) : signIn.singleSignOn ? (
        <div className="mt-0.5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm break-all text-slate-600">Linked to the identity {signIn.subject}.</p>
          <Button variant="secondary" size="sm" className="shrink-0" onClick={() => setUnlinking(true)}>
            Unlink
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start">
          <Input
            label="Subject at the sign-in service"
            name="subject"
            className="flex-1"
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            error={error}
            hint="The person’s object or user ID in your sign-in service. Or they link it themselves on My account."
          />
          <Button type="submit" variant="secondary" size="sm" className="shrink-0 sm:mt-7" busy={link.isPending} busyText="Linking...">
            Link
          </Button>
        </form>
      )}
      <ConfirmDialog
        open={unlinking}
        title="Unlink single sign-on?"
        message={`${user.name} can no longer sign in through your organisation’s sign-in service until the account is linked again.`}
        confirmLabel="Unlink"
        tone="danger"
        busy={link.isPending}
        onConfirm={unlink}
        onCancel={() => setUnlinking(false)}
      />
    </div>
  );
}
