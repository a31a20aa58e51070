import { type FormEvent, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { LoginBody } from '#shared/contract/auth';
import { paths } from '../../app/paths.ts';
import { MFA_REQUIRED } from '#shared/contract/auth-mfa';
import { ApiError, messageOf } from '../../lib/api-client.ts';
import { useSession, useSessionNotice } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { Icon, LogoMark } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { useDocumentTitle } from '../../ui/page-header.tsx';
import { useLogin } from './api.ts';
import { MfaStep } from './mfa-step.tsx';
import { SsoSignIn } from './sso-button.tsx';

interface Errors {
  email?: string;
  password?: string;
}

/** Login: email (email format) and password required. */
export function validateLogin(email: string, password: string): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = 'Email is required.';
  else if (!LoginBody.shape.email.safeParse(email).success) errors.email = 'Enter a valid email address.';
  if (!password) errors.password = 'Password is required.';
  return errors;
}

export function LoginPage() {
  useDocumentTitle('Sign in');
  const hasToken = !!useSession()?.accessToken;
  // Why the app came here on its own (an ended or idle session).
  const notice = useSessionNotice();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // A right password of an account with two-step verification on: the second step takes over.
  const challenge = login.error instanceof ApiError && login.error.code === MFA_REQUIRED ? login.error.challenge : undefined;

  // An existing access token goes straight to the dashboard (also right after success).
  if (hasToken) return <Navigate to={paths.dashboard} replace />;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin(email, password);
    setErrors(found);
    if (found.email || found.password) return;
    login.mutate({ email: email.trim(), password });
  }

  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="flex items-center gap-3">
        <LogoMark className="size-10" />
        <span className="text-xl font-semibold tracking-tight text-slate-900">Quality Portal</span>
      </div>
      <div className="mt-8 w-full max-w-sm rounded-xl bg-white px-6 py-8 shadow-sm ring-1 ring-slate-200 sm:px-8">
        {challenge ? (
          <MfaStep challenge={challenge} onBack={() => login.reset()} />
        ) : (
          <>
            <h1 className="text-center text-xl font-semibold tracking-tight text-slate-900">Sign in to your account</h1>
            {notice && (
              <p role="status" className="mt-5 flex items-start gap-2 rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900 ring-1 ring-inset ring-blue-200">
                <Icon name="info" className="mt-0.5 size-4 shrink-0 text-blue-700" />
                {notice}
              </p>
            )}
            <SsoSignIn />
            <form noValidate onSubmit={submit} className="mt-6 space-y-5">
              <Input label="Email address" name="email" type="email" autoComplete="username" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
              <div>
                <Input label="Password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
                <Link to={paths.resetPassword} className="mt-2 inline-block text-sm font-medium text-brand-700 hover:text-brand-800">
                  Forgot your password?
                </Link>
              </div>
              {login.isError && (
                <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200">
                  {messageOf(login.error, 'An error occurred during login')}
                </p>
              )}
              <Button type="submit" className="w-full" busy={login.isPending} busyText="Signing in...">
                Sign in
              </Button>
            </form>
          </>
        )}
      </div>
      <p className="mt-6 text-center text-xs text-slate-600">For authorised quality staff only.</p>
    </main>
  );
}
