import type { Meaning } from '#shared/contract/signatures';
import { useCurrentUser } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { Input } from '../../ui/input.tsx';
import { useMfaStatus } from '../auth/index.ts';

/** What the signer types: the password, and the code when two-step verification is on. */
export interface SignCredentials {
  password: string;
  code: string;
}
export const NO_CREDENTIALS: SignCredentials = { password: '', code: '' };

/** What is missing before a signature can be asked for, or null. */
export function credentialsError(c: SignCredentials, codeNeeded: boolean): string | null {
  if (!c.password) return 'Enter your password to sign.';
  if (codeNeeded && !c.code.trim()) return 'Enter the code from your authenticator app.';
  return null;
}

/** Whether the signer must give a code (two-step verification is on). */
export function useCodeNeeded(): boolean {
  return !!useMfaStatus().data?.enabled;
}

interface Props {
  meaning: Meaning;
  value: SignCredentials;
  onChange: (value: SignCredentials) => void;
  /** Why the last signature failed, or what is missing. */
  error?: string | null | undefined;
  /**
   * Signs through single sign-on instead of the password: offered as "Continue with single
   * sign-on" to an account linked to the organisation's provider. Must open the sign-in window in
   * the click itself (openSigningWindow), before anything is awaited.
   */
  onContinueWithSso?: (() => void) | undefined;
  /** A signature is being made: the single sign-on button waits. */
  busy?: boolean | undefined;
  /** Set while the provider's window is open: stops waiting for it. */
  onStopWaiting?: (() => void) | null | undefined;
}

/**
 * The signing step of a signed action (docs/features/signatures.md): who signs, what the signature
 * means, and the password (and code) that prove it is them now.
 */
export function SignFields({ meaning, value, onChange, error, onContinueWithSso, busy, onStopWaiting }: Props) {
  const user = useCurrentUser();
  const codeNeeded = useCodeNeeded();
  const viaProvider = !!useMfaStatus().data?.viaProvider;
  return (
    <fieldset className="space-y-3 rounded-md border border-brand-200 bg-brand-50/60 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">Electronic signature</legend>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Signed by</dt>
        <dd className="font-medium text-slate-900">{user?.name ?? '-'}</dd>
        <dt className="text-slate-600">Meaning</dt>
        <dd className="font-medium text-slate-900">{meaning}</dd>
      </dl>
      <p className="text-xs text-slate-600">Your signature is linked to exactly what you sign, with the date and time; it stays in the record.</p>
      <Input label="Password" type="password" name="signing-password" autoComplete="current-password" required value={value.password} onChange={(e) => onChange({ ...value, password: e.target.value })} />
      {codeNeeded && (
        <Input label="Verification code" name="signing-code" autoComplete="one-time-code" inputMode="numeric" required value={value.code} onChange={(e) => onChange({ ...value, code: e.target.value })} hint="From your authenticator app, or a recovery code." />
      )}
      {onContinueWithSso && viaProvider && (
        <div className="space-y-2">
          <p className="flex items-center gap-2 text-xs text-slate-500" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </p>
          {onStopWaiting ? (
            <div role="status" className="flex items-center justify-between gap-3 rounded-md bg-white px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200">
              <span>Waiting for your organisation’s sign-in window…</span>
              <Button type="button" variant="secondary" size="sm" onClick={onStopWaiting}>
                Stop waiting
              </Button>
            </div>
          ) : (
            <>
              <Button type="button" variant="secondary" className="w-full" disabled={busy} onClick={onContinueWithSso}>
                Continue with single sign-on
              </Button>
              <p className="text-xs text-slate-600">Sign in again at your organisation’s sign-in service, in a window of its own, instead of entering your password.</p>
            </>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200">
          {error}
        </p>
      )}
    </fieldset>
  );
}
