import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SSO_CODE_PARAM } from '#shared/contract/auth-sso';
import { ApiError, messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Input } from '../../ui/input.tsx';
import { useSsoSettings } from './api.ts';
import { useMfaStatus } from './mfa-api.ts';
import { card, footer } from './mfa-forms.tsx';
import { useLinkSso, useSsoOutcome } from './sso-api.ts';

const DONE = { linked: 'Single sign-on linked', confirmed: 'Confirmed with your organisation’s sign-in service' } as const;

/** Back from the provider with a one-time code in the address: traded once, the address cleaned. */
function useOutcomeInAddress(): string | undefined {
  const outcome = useSsoOutcome();
  const [params, setParams] = useSearchParams();
  const code = params.get(SSO_CODE_PARAM);
  const traded = useRef(false);
  useEffect(() => {
    if (!code || traded.current) return;
    traded.current = true;
    outcome.mutate(code, { onSuccess: (r) => toast.success(DONE[r.outcome]) });
    setParams((p) => {
      p.delete(SSO_CODE_PARAM);
      return p;
    }, { replace: true });
  }, [code, outcome, setParams]);
  return outcome.isError ? messageOf(outcome.error, 'Failed to finish the single sign-on') : undefined;
}

function LinkForm({ onCancel }: { onCancel: () => void }) {
  const link = useLinkSso();
  const [password, setPassword] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    link.mutate(password);
  }
  const error = link.error instanceof ApiError ? (link.error.details?.password ?? link.error.message) : link.isError ? messageOf(link.error, 'Failed to start linking single sign-on') : undefined;
  return (
    <form noValidate onSubmit={submit} className={card}>
      <div className="space-y-5 px-4 py-5 sm:px-6">
        <p className="text-sm text-slate-700">Confirm it is you. You then sign in at your organisation’s sign-in service, and its account is linked to this one.</p>
        <Input label="Current password" name="password" type="password" autoComplete="current-password" required autoFocus value={password} onChange={(e) => setPassword(e.target.value)} error={error} />
      </div>
      <div className={footer}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" busy={link.isPending} busyText="Opening...">
          Continue to sign-in service
        </Button>
      </div>
    </form>
  );
}

/** My account → Single sign-on: whether the account is linked to the organisation's provider, and linking it. */
export function SsoLinkCard() {
  const settings = useSsoSettings().data;
  const status = useMfaStatus().data;
  const failure = useOutcomeInAddress();
  const [linking, setLinking] = useState(false);
  if (!settings?.enabled || !status) return failure ? <p role="alert" className="text-sm text-red-800">{failure}</p> : null;
  const alert = failure && (
    <p role="alert" className="mx-4 mt-5 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200 sm:mx-6">
      {failure}
    </p>
  );
  if (linking && !status.viaProvider) return <LinkForm onCancel={() => setLinking(false)} />;
  return (
    <div className={card}>
      {alert}
      <div className="flex flex-wrap items-center gap-2 px-4 py-5 text-sm text-slate-700 sm:px-6">
        {status.viaProvider ? <Badge tone="green">Linked</Badge> : <Badge>Not linked</Badge>}
        {status.viaProvider
          ? `Your account is linked to your organisation account: you can sign in with “${settings.label}”.`
          : `Link your organisation account to sign in with “${settings.label}”.`}
      </div>
      {!status.viaProvider && (
        <div className={footer}>
          <Button onClick={() => setLinking(true)}>Link single sign-on</Button>
        </div>
      )}
    </div>
  );
}
