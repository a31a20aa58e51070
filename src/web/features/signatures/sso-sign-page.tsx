import { useEffect, useState } from 'react';
import { SSO_CODE_PARAM, SSO_SIGN_CHANNEL } from '#shared/contract/auth-sso';
import { useDocumentTitle } from '../../ui/page-header.tsx';

/**
 * Where the provider sends the window of a signature's sign-in back to: hands the one-time code in
 * its address to the signing dialog that opened the window (same origin only), and closes once the
 * dialog has it. The code is good in this browser, for this session, for a minute.
 */
export function SsoSignPage() {
  useDocumentTitle('Electronic signature');
  const [code] = useState(() => new URLSearchParams(window.location.search).get(SSO_CODE_PARAM));
  const [waiting, setWaiting] = useState(!!code);

  useEffect(() => {
    if (!code) return;
    // The code leaves the address bar (and this window's history) at once.
    window.history.replaceState(null, '', window.location.pathname);
    const channel = new BroadcastChannel(SSO_SIGN_CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if ((event.data as { taken?: unknown } | null)?.taken !== code) return;
      channel.close();
      window.close();
    };
    channel.postMessage({ code });
    // Nobody took it (the dialog was closed meanwhile): say where to go.
    const gone = window.setTimeout(() => setWaiting(false), 5_000);
    return () => {
      window.clearTimeout(gone);
      channel.close();
    };
  }, [code]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Electronic signature</h1>
      <p role="status" className="mt-3 max-w-md text-sm text-slate-600">
        {waiting ? 'Signing in the Quality Portal window…' : 'Return to the Quality Portal window to finish signing. You can close this window.'}
      </p>
    </main>
  );
}
