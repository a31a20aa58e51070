import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SSO_CODE_PARAM, SSO_ERROR_PARAM, SSO_START_ERRORS, ssoApi } from '#shared/contract/auth-sso';
import { messageOf } from '../../lib/api-client.ts';
import { buttonClasses } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { toast } from '../../lib/toast.ts';
import { PROVIDER_SIGN_OUT_KEY, isLeavingForProvider, useSsoExchange, useSsoSettings } from './api.ts';

/**
 * Above the sign-in form when single sign-on is configured: the provider's button, and the end of
 * a provider sign-in (the one-time code in the address, traded once for the session).
 */
export function SsoSignIn() {
  const settings = useSsoSettings();
  const exchange = useSsoExchange();
  const [params, setParams] = useSearchParams();
  const code = params.get(SSO_CODE_PARAM);
  const traded = useRef(false);
  // Why a single sign-on could not start: a known reason only, never text from the address.
  const startError = params.get(SSO_ERROR_PARAM);
  const [startFailure] = useState(() => (startError && Object.hasOwn(SSO_START_ERRORS, startError) ? SSO_START_ERRORS[startError as keyof typeof SSO_START_ERRORS] : undefined));
  useEffect(() => {
    if (startError === null) return;
    setParams((p) => {
      p.delete(SSO_ERROR_PARAM);
      return p;
    }, { replace: true });
  }, [startError, setParams]);
  useEffect(() => {
    // Back from the identity provider's sign-out.
    if (sessionStorage.getItem(PROVIDER_SIGN_OUT_KEY) === null || isLeavingForProvider()) return;
    sessionStorage.removeItem(PROVIDER_SIGN_OUT_KEY);
    toast.success('Logged Out');
  }, []);
  useEffect(() => {
    if (!code || traded.current) return;
    traded.current = true;
    exchange.mutate(code);
    setParams((p) => {
      p.delete(SSO_CODE_PARAM);
      return p;
    }, { replace: true });
  }, [code, exchange, setParams]);

  return (
    <>
      {(exchange.isError || startFailure) && (
        <p role="alert" className="mt-5 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200">
          {exchange.isError ? messageOf(exchange.error, 'An error occurred during login') : startFailure}
        </p>
      )}
      {settings.data?.enabled && (
        <div className="mt-6">
          {settings.data.demo && (
            <p role="note" className="mb-4 flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">
              <Icon name="info" className="mt-0.5 size-4 shrink-0 text-amber-700" />
              <span>
                <strong className="font-semibold">Demo sign-in service.</strong> This sandbox’s single sign-on accepts any portal user’s e-mail address, with any password.
              </span>
            </p>
          )}
          <a href={ssoApi.start.path} className={`${buttonClasses('secondary')} w-full`}>
            {settings.data.label}
          </a>
          <p className="mt-6 flex items-center gap-3 text-xs text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">or with your password</p>
        </div>
      )}
    </>
  );
}
