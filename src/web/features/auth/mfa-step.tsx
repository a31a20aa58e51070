import { type FormEvent, useState } from 'react';
import { MFA_REQUIRED_MESSAGE } from '#shared/contract/auth-mfa';
import { messageOf } from '../../lib/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Input } from '../../ui/input.tsx';
import { useLoginMfa } from './api.ts';

/** The sign-in's second step, after a right password: a code from the authenticator app or a recovery code. */
export function MfaStep({ challenge, onBack }: { challenge: string; onBack: () => void }) {
  const verify = useLoginMfa();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    setError(typed ? undefined : 'Enter the code from your authenticator app.');
    if (typed) verify.mutate({ challenge, code: typed });
  }

  return (
    <>
      <h1 className="text-center text-xl font-semibold tracking-tight text-slate-900">Two-step verification</h1>
      <p className="mt-3 text-center text-sm text-slate-600">{MFA_REQUIRED_MESSAGE}</p>
      <form noValidate onSubmit={submit} className="mt-6 space-y-5">
        <Input
          label="Verification code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={error}
          hint="Lost your phone? Enter one of your recovery codes instead."
        />
        {verify.isError && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200">
            {messageOf(verify.error, 'An error occurred during login')}
          </p>
        )}
        <Button type="submit" className="w-full" busy={verify.isPending} busyText="Verifying...">
          Verify
        </Button>
        <button type="button" onClick={onBack} className="block w-full text-center text-sm font-medium text-brand-700 hover:text-brand-800">
          Back to sign in
        </button>
      </form>
    </>
  );
}
