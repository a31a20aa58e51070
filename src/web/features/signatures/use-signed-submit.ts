import { useState } from 'react';
import type { Meaning, SignatureInput } from '#shared/contract/signatures';
import { SIGNING_FAILED } from '#shared/contract/signatures';
import { ApiError, messageOf } from '../../lib/api-client.ts';
import { SsoSigningStopped, openSigningWindow, signWithPassword, signWithSso } from './api.ts';
import { NO_CREDENTIALS, type SignCredentials, credentialsError, useCodeNeeded } from './sign-fields.tsx';

/** How the signer proves it is them: the password (and code) typed, or a fresh single sign-on. */
export type SigningVia = 'password' | 'sso';

/**
 * The signing step of a signed action: the credentials typed, the error to show beside them, and
 * `run`, which verifies the signature and then sends the action with it. A refused signature (a
 * wrong password, a used or expired token, a provider sign-in that does not count) shows by the
 * fields; any other failure goes to `onFailed`. With `via` 'sso', `run` must be called in the click
 * that asked for it: it opens the provider's window before anything is awaited.
 */
export function useSignedSubmit(meaning: Meaning) {
  const codeNeeded = useCodeNeeded();
  const [credentials, setCredentials] = useState<SignCredentials>(NO_CREDENTIALS);
  const [error, setError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  /** Stops waiting for the provider's window (set while a single sign-on is under way). */
  const [stopSso, setStopSso] = useState<(() => void) | null>(null);

  async function run(action: (signature: SignatureInput) => Promise<unknown>, onFailed: (message: string) => void, via: SigningVia = 'password'): Promise<boolean> {
    let win: Window | null = null;
    if (via === 'sso') {
      win = openSigningWindow();
      if (!win) {
        setError('Your browser blocked the sign-in window. Allow pop-up windows for this site, or sign with your password.');
        return false;
      }
    } else {
      const missing = credentialsError(credentials, codeNeeded);
      if (missing) {
        setError(missing);
        return false;
      }
    }
    setError(null);
    setVerifying(true);
    const controller = new AbortController();
    if (win) setStopSso(() => () => controller.abort());
    try {
      await action(win ? await signWithSso(meaning, win, controller.signal) : await signWithPassword(meaning, credentials.password, credentials.code));
      return true;
    } catch (err) {
      if (err instanceof SsoSigningStopped) setError(err.message);
      else if (err instanceof ApiError && (err.code === SIGNING_FAILED || err.status === 400 || err.status === 429)) setError(err.message);
      else onFailed(messageOf(err, 'The action failed'));
      return false;
    } finally {
      if (win && !win.closed) win.close();
      setStopSso(null);
      setVerifying(false);
    }
  }

  return { meaning, credentials, setCredentials, error, verifying, run, stopSso };
}
