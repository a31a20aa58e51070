import { type Meaning, type SignatureInput, signaturesApi } from '#shared/contract/signatures';
import { SSO_SIGN_CHANNEL, SSO_SIGN_START, ssoApi } from '#shared/contract/auth-sso';
import { api } from '../../lib/api-client.ts';

/** The password (and code) again for one signature of `meaning`: answers what a signed action carries. */
export async function signWithPassword(meaning: Meaning, password: string, code: string): Promise<SignatureInput> {
  const { token } = await api(signaturesApi.signingToken, { body: { password, ...(code.trim() ? { code: code.trim() } : {}) }, fallback: 'Failed to verify your signature' });
  return { token, meaning };
}

/** Why a signature through single sign-on did not happen before reaching the server: the sentence to show by the signing step. */
export class SsoSigningStopped extends Error {}

/**
 * Opens the window a signature's provider sign-in happens in. Called in the click that asks for it
 * (before anything is awaited), or the browser blocks the window; null when it did anyway.
 */
export function openSigningWindow(): Window | null {
  return window.open('about:blank', 'quality-portal-sso-sign', 'popup,width=520,height=720');
}

/** How long the dialog waits for the provider's window: the flow it started lasts 10 minutes. */
const SSO_WAIT_MS = 10 * 60_000;

/**
 * The one-time code the signing page (SSO_SIGN_PAGE) hands over when the provider sends the window
 * back. The window itself cannot be watched: once it has been at the provider, the browser may cut
 * it off from this page (its opener policy), and it reads as closed. So the wait ends with the
 * code, when `signal` stops it (the person stops waiting), or after 10 minutes.
 */
function codeFrom(signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const channel = new BroadcastChannel(SSO_SIGN_CHANNEL);
    const stop = (message: string) => {
      done();
      reject(new SsoSigningStopped(message));
    };
    const stopped = () => stop('The single sign-on was stopped before the signature was made.');
    const timer = window.setTimeout(() => stop('The sign-in window took too long. Sign again.'), SSO_WAIT_MS);
    const done = () => {
      window.clearTimeout(timer);
      signal.removeEventListener('abort', stopped);
      channel.close();
    };
    signal.addEventListener('abort', stopped);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const code = (event.data as { code?: unknown } | null)?.code;
      if (typeof code !== 'string') return;
      // The page closes its window once the code is taken.
      channel.postMessage({ taken: code });
      done();
      resolve(code);
    };
  });
}

/**
 * A signature through single sign-on, in `win` (openSigningWindow): a fresh sign-in at the
 * organisation's provider for this session, traded for a signing token; answers what a signed
 * action carries. `signal` stops the wait for the window.
 */
export async function signWithSso(meaning: Meaning, win: Window, signal: AbortSignal): Promise<SignatureInput> {
  const { location } = await api(SSO_SIGN_START, { query: { purpose: 'sign' }, fallback: 'Failed to start the single sign-on' });
  win.location.href = location;
  const code = await codeFrom(signal);
  const { token } = await api(ssoApi.signingToken, { body: { code }, fallback: 'Failed to verify your signature' });
  return { token, meaning };
}
