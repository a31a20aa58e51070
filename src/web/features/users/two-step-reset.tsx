import { useState } from 'react';
import type { UserSignIn } from '#shared/contract/auth-mfa';
import type { User } from '#shared/contract/users';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { useResetMfa } from './api.ts';

/** What the row says about the second factor when it cannot be reset here. */
function stateOf(signIn: UserSignIn | undefined): string {
  if (!signIn) return 'Checking…';
  return signIn.twoStepOn ? 'On: password sign-ins ask for a code from their authenticator app.' : 'Off.';
}

/**
 * Resets a lost second factor, after a confirmation (docs/features/two-step-verification.md):
 * the person then signs in with the password alone and sets it up again.
 */
export function TwoStepReset({ user, signIn, disabledReason }: { user: User; signIn: UserSignIn | undefined; disabledReason?: string | undefined }) {
  const reset = useResetMfa();
  const [confirming, setConfirming] = useState(false);
  function confirm() {
    reset.mutate(user.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Two-step verification reset');
      },
      onError: (error) => toast.error(messageOf(error, 'Failed to reset two-step verification')),
    });
  }
  const canReset = !!signIn?.twoStepOn && !disabledReason;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div>
        <p className="text-sm font-medium text-slate-900">Two-step verification</p>
        <p className="mt-0.5 text-sm text-slate-600">{signIn?.twoStepOn && disabledReason ? disabledReason : stateOf(signIn)}</p>
      </div>
      {signIn?.twoStepOn && (
        <Button variant="secondary" size="sm" className="shrink-0" disabled={!canReset} onClick={() => setConfirming(true)}>
          Reset two-step verification
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Reset two-step verification?"
        message={`${user.name}'s authenticator app and recovery codes stop working. They sign in with their password alone until they set it up again on My account.`}
        confirmLabel="Reset"
        tone="danger"
        busy={reset.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
