import { useState } from 'react';
import type { User } from '#shared/contract/users';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { useSignOutEverywhere } from './api.ts';

/** Ends every session of the user, after a confirmation; they sign in again with their password. */
export function SignOutEverywhere({ user, disabledReason }: { user: User; disabledReason?: string | undefined }) {
  const signOut = useSignOutEverywhere();
  const [confirming, setConfirming] = useState(false);
  function confirm() {
    signOut.mutate(user.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('User signed out everywhere');
      },
      onError: (error) => toast.error(messageOf(error, 'Failed to sign out the user')),
    });
  }
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div>
        <p className="text-sm font-medium text-slate-900">Sign out everywhere</p>
        <p className="mt-0.5 text-sm text-slate-600">{disabledReason ?? 'Ends every session of this user, on every device.'}</p>
      </div>
      <Button variant="secondary" size="sm" className="shrink-0" disabled={!!disabledReason} onClick={() => setConfirming(true)}>
        Sign out everywhere
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere?"
        message={`${user.name} will be signed out on every device at the next request and must sign in again.`}
        confirmLabel="Sign out everywhere"
        tone="danger"
        busy={signOut.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
