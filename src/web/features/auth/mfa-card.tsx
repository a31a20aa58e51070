import { type FormEvent, useState } from 'react';
import { MFA_ENROLMENT_REQUIRED_MESSAGE } from '#shared/contract/auth-mfa';
import { ApiError, messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Input } from '../../ui/input.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { useConfirmMfa, useMfaStatus, useSetUpMfa, useTurnOffMfa } from './mfa-api.ts';
import { MfaQrCode } from './mfa-qr.tsx';

const card = 'rounded-lg bg-white shadow-xs ring-1 ring-slate-200';
const footer = 'flex flex-wrap justify-end gap-3 rounded-b-lg border-t border-slate-200 bg-slate-50 px-4 py-3 sm:px-6';
const fieldError = (error: unknown, field: string) => (error instanceof ApiError ? error.details?.[field] : undefined);

/** The secret in groups of four, as apps that take it typed show it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function SetUp({ secret, otpauthUrl, onCancel, onDone }: { secret: string; otpauthUrl: string; onCancel: () => void; onDone: (codes: string[]) => void }) {
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

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className={card}>
      <div className="px-4 py-5 sm:px-6">
        <p className="text-sm font-medium text-slate-900">Two-step verification is on. Save your recovery codes.</p>
        <p className="mt-1 text-sm text-slate-600">Each code signs you in once if you lose your phone. Keep them somewhere safe: they are not shown again.</p>
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

function TurnOff({ onCancel }: { onCancel: () => void }) {
  const turnOff = useTurnOffMfa();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    turnOff.mutate({ password, code }, { onSuccess: () => toast.success('Two-step verification turned off') });
  }
  const error = turnOff.isError ? messageOf(turnOff.error, 'Failed to turn off two-step verification') : undefined;
  return (
    <form noValidate onSubmit={submit} className={card}>
      <div className="space-y-5 px-4 py-5 sm:px-6">
        <p className="text-sm text-slate-700">Confirm it is you: your password and a code from your app (or a recovery code).</p>
        <Input label="Current password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <Input label="Code" name="code" autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value)} error={error} />
      </div>
      <div className={footer}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" busy={turnOff.isPending} busyText="Turning off...">
          Turn off
        </Button>
      </div>
    </form>
  );
}

type Step = { kind: 'idle' } | { kind: 'setting-up'; secret: string; otpauthUrl: string } | { kind: 'codes'; codes: string[] } | { kind: 'turning-off' };

/** My account → Two-step verification: set up an authenticator app, see the recovery codes once, turn it off. */
export function MfaCard() {
  const status = useMfaStatus();
  const setUp = useSetUpMfa();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const idle = () => setStep({ kind: 'idle' });

  if (step.kind === 'setting-up') return <SetUp secret={step.secret} otpauthUrl={step.otpauthUrl} onCancel={idle} onDone={(codes) => setStep({ kind: 'codes', codes })} />;
  if (step.kind === 'codes') return <RecoveryCodes codes={step.codes} onDone={idle} />;
  if (status.isPending) return <div className={card}><LoadingState text="Loading..." /></div>;
  if (status.isError) return <div className={`${card} p-4`}><ErrorState message={messageOf(status.error, 'Failed to fetch your two-step verification')} onRetry={() => void status.refetch()} /></div>;
  if (step.kind === 'turning-off' && status.data.enabled) return <TurnOff onCancel={idle} />;

  const { enabled, recoveryCodesLeft, viaProvider, required } = status.data;
  if (viaProvider) {
    return (
      <div className={card}>
        <p className="px-4 py-5 text-sm text-slate-700 sm:px-6">You sign in through your organisation’s sign-in service, which keeps your second factor.</p>
      </div>
    );
  }
  function start() {
    setUp.mutate(undefined, {
      onSuccess: (secret) => setStep({ kind: 'setting-up', ...secret }),
      onError: (error) => toast.error(messageOf(error, 'Failed to start the set-up')),
    });
  }
  return (
    <div className={card}>
      {required && !enabled && (
        <p role="alert" className="mx-4 mt-5 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200 sm:mx-6">
          {MFA_ENROLMENT_REQUIRED_MESSAGE}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2 px-4 py-5 text-sm text-slate-700 sm:px-6">
        {enabled ? <Badge tone="green">On</Badge> : <Badge>Off</Badge>}
        {enabled
          ? `Password sign-ins ask for a code from your authenticator app. ${recoveryCodesLeft} recovery code${recoveryCodesLeft === 1 ? '' : 's'} left.`
          : 'Add a code from an authenticator app on your phone to every password sign-in.'}
      </div>
      <div className={footer}>
        {enabled ? (
          <Button variant="secondary" onClick={() => setStep({ kind: 'turning-off' })}>
            Turn off
          </Button>
        ) : (
          <Button onClick={start} busy={setUp.isPending} busyText="Starting...">
            Set up two-step verification
          </Button>
        )}
      </div>
    </div>
  );
}
