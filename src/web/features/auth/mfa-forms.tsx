import { type FormEvent, useState } from 'react';
import { ApiError, messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { Input } from '../../ui/input.tsx';
import { useConfirmMfa, useNewRecoveryCodes, useSetUpMfa, useTurnOffMfa } from './mfa-api.ts';
import { MfaQrCode } from './mfa-qr.tsx';
import { useConfirmWithSso } from './sso-api.ts';

export const card = 'rounded-lg bg-white shadow-xs ring-1 ring-slate-200';
export const footer = 'flex flex-wrap justify-end gap-3 rounded-b-lg border-t border-slate-200 bg-slate-50 px-4 py-3 sm:px-6';
const fieldError = (error: unknown, field: string) => (error instanceof ApiError ? error.details?.[field] : undefined);

/** The secret in groups of four, as apps that take it typed show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** How the person proves it is them: a recent provider sign-in of this session, or the current password (or, when linked, a fresh provider sign-in). */
export interface ProofOptions {
  providerProof: boolean;
  viaProvider: boolean;
}

/** The current password; a provider sign-in of this session within 5 minutes stands in for it. */
function PasswordField({ proof, value, onChange, error }: { proof: ProofOptions; value: string; onChange: (v: string) => void; error: string | undefined }) {
  const confirm = useConfirmWithSso();
  if (proof.providerProof) return <p className="text-sm text-slate-600">You signed in through your organisation’s sign-in service a moment ago, so your password is not needed.</p>;
  return (
    <div>
      <Input label="Current password" name="password" type="password" autoComplete="current-password" required autoFocus value={value} onChange={(e) => onChange(e.target.value)} error={error} />
      {proof.viaProvider && (
        <button type="button" onClick={() => confirm.mutate()} disabled={confirm.isPending} className="mt-2 text-sm font-medium text-brand-700 hover:text-brand-800">
          Confirm with single sign-on instead
        </button>
      )}
      {confirm.isError && <p className="mt-1 text-sm text-red-700">{messageOf(confirm.error, 'Failed to start the single sign-on')}</p>}
    </div>
  );
}

/** Step one of the set-up: the current password proves it is the account's owner, not someone holding the session. */
export function StartSetUp({ proof, onCancel, onStarted }: { proof: ProofOptions; onCancel: () => void; onStarted: (s: { secret: string; otpauthUrl: string }) => void }) {
  const { providerProof } = proof;
  const setUp = useSetUpMfa();
  const [password, setPassword] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    setUp.mutate(providerProof ? undefined : password, { onSuccess: onStarted });
  }
  const passwordError = fieldError(setUp.error, 'password') ?? (setUp.isError ? messageOf(setUp.error, 'Failed to start the set-up') : undefined);
  return (
    <form noValidate onSubmit={submit} className={card}>
      <div className="space-y-5 px-4 py-5 sm:px-6">
        <p className="text-sm text-slate-700">Confirm it is you before you add an authenticator app.</p>
        <PasswordField proof={proof} value={password} onChange={setPassword} error={passwordError} />
      </div>
      <div className={footer}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={setUp.isPending} busyText="Starting...">
          Continue
        </Button>
      </div>
    </form>
  );
}

/** Step two: scan the key, and the first code turns it on. */
export function ConfirmSetUp({ secret, otpauthUrl, onCancel, onDone }: { secret: string; otpauthUrl: string; onCancel: () => void; onDone: (codes: string[]) => void }) {
  const confirm = useConfirmMfa();
  const [code, setCode] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    confirm.mutate(code, { onSuccess: ({ recoveryCodes }) => onDone(recoveryCodes) });
  }
  return (
    <form noValidate onSubmit={submit} className={card}>
      <div className="space-y-5 px-4 py-5 sm:px-6">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>Open an authenticator app on your phone (for example Microsoft Authenticator, Google Authenticator or 1Password).</li>
          <li>Scan the QR code, or type the key below into the app.</li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
          <MfaQrCode value={otpauthUrl} />
          <div>
            <p className="text-sm font-medium text-slate-900">Key</p>
            <p className="mt-1 font-mono text-sm tracking-wide break-all text-slate-900" aria-label="Secret key">
              {grouped(secret)}
            </p>
          </div>
        </div>
        <Input
          label="Code from the app"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={fieldError(confirm.error, 'code') ?? (confirm.isError ? messageOf(confirm.error, 'Failed to turn on two-step verification') : undefined)}
        />
      </div>
      <div className={footer}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={confirm.isPending} busyText="Turning on...">
          Turn on
        </Button>
      </div>
    </form>
  );
}

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className={card}>
      <div className="px-4 py-5 sm:px-6">
        <p className="text-sm font-medium text-slate-900">Save your recovery codes.</p>
        <p className="mt-1 text-sm text-slate-600">Each code signs you in once if you lose your phone. Keep them somewhere safe: they are not shown again, and any earlier codes no longer work.</p>
        <ul aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-2 font-mono text-sm text-slate-900 sm:grid-cols-5">
          {codes.map((c) => (
            <li key={c} className="rounded bg-slate-50 px-2 py-1 text-center ring-1 ring-slate-200">
              {c}
            </li>
          ))}
        </ul>
      </div>
      <div className={footer}>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

/** Turning the app off, or replacing the recovery codes: the current password and a code say it is the owner. */
export function ProveWithCode({ action, proof, onCancel, onCodes }: { action: 'turn-off' | 'new-codes'; proof: ProofOptions; onCancel: () => void; onCodes: (codes: string[]) => void }) {
  const { providerProof } = proof;
  const turnOff = useTurnOffMfa();
  const newCodes = useNewRecoveryCodes();
  const mutation = action === 'turn-off' ? turnOff : newCodes;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    const body = { ...(providerProof ? {} : { password }), code };
    if (action === 'turn-off') turnOff.mutate(body, { onSuccess: () => toast.success('Two-step verification turned off') });
    else newCodes.mutate(body, { onSuccess: ({ recoveryCodes }) => onCodes(recoveryCodes) });
  }
  const general = mutation.isError && !fieldError(mutation.error, 'password') ? messageOf(mutation.error, 'Something went wrong. Please try again.') : undefined;
  return (
    <form noValidate onSubmit={submit} className={card}>
      <div className="space-y-5 px-4 py-5 sm:px-6">
        <p className="text-sm text-slate-700">Confirm it is you: {providerProof ? 'a code' : 'your password and a code'} from your app (or a recovery code).</p>
        <PasswordField proof={proof} value={password} onChange={setPassword} error={fieldError(mutation.error, 'password')} />
        <Input label="Code" name="code" autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value)} error={general} />
      </div>
      <div className={footer}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        {action === 'turn-off' ? (
          <Button type="submit" variant="danger" busy={mutation.isPending} busyText="Turning off...">
            Turn off
          </Button>
        ) : (
          <Button type="submit" busy={mutation.isPending} busyText="Making codes...">
            Make new codes
          </Button>
        )}
      </div>
    </form>
  );
}
