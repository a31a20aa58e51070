import { useState } from 'react';
import { MFA_ENROLMENT_REQUIRED_MESSAGE } from '#shared/contract/auth-mfa';
import { messageOf } from '../../lib/api-client.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { useMfaStatus } from './mfa-api.ts';
import { ConfirmSetUp, ProveWithCode, RecoveryCodes, StartSetUp, card, footer } from './mfa-forms.tsx';

type Step =
  | { kind: 'idle' }
  | { kind: 'proving' }
  | { kind: 'setting-up'; secret: string; otpauthUrl: string }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'turning-off' }
  | { kind: 'new-codes' };

/**
 * My account → Two-step verification: set up an authenticator app (after the current password),
 * see the recovery codes once, make new ones, turn it off. While the app is on, its state and
 * controls always show, whatever else the account signs in with.
 */
export function MfaCard() {
  const status = useMfaStatus();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const idle = () => setStep({ kind: 'idle' });

  if (step.kind === 'setting-up') return <ConfirmSetUp secret={step.secret} otpauthUrl={step.otpauthUrl} onCancel={idle} onDone={(codes) => setStep({ kind: 'codes', codes })} />;
  if (step.kind === 'codes') return <RecoveryCodes codes={step.codes} onDone={idle} />;
  if (status.isPending) return <div className={card}><LoadingState text="Loading..." /></div>;
  if (status.isError) return <div className={`${card} p-4`}><ErrorState message={messageOf(status.error, 'Failed to fetch your two-step verification')} onRetry={() => void status.refetch()} /></div>;

  const { enabled, recoveryCodesLeft, required, passwordSignIn, providerProof, viaProvider } = status.data;
  const proof = { providerProof, viaProvider };
  if (step.kind === 'proving' && !enabled) return <StartSetUp proof={proof} onCancel={idle} onStarted={(s) => setStep({ kind: 'setting-up', ...s })} />;
  if ((step.kind === 'turning-off' || step.kind === 'new-codes') && enabled) {
    const action = step.kind === 'turning-off' ? 'turn-off' : 'new-codes';
    return <ProveWithCode key={action} action={action} proof={proof} onCancel={idle} onCodes={(codes) => setStep({ kind: 'codes', codes })} />;
  }
  if (!enabled && !passwordSignIn) {
    return (
      <div className={card}>
        <p className="px-4 py-5 text-sm text-slate-700 sm:px-6">You sign in through your organisation’s sign-in service, which keeps your second factor.</p>
      </div>
    );
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
          <>
            <Button variant="secondary" onClick={() => setStep({ kind: 'new-codes' })}>
              New recovery codes
            </Button>
            <Button variant="secondary" onClick={() => setStep({ kind: 'turning-off' })}>
              Turn off
            </Button>
          </>
        ) : (
          <Button onClick={() => setStep({ kind: 'proving' })}>Set up two-step verification</Button>
        )}
      </div>
    </div>
  );
}
