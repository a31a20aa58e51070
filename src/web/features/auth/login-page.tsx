import { type FormEvent, useState } from 'react';
import { Navigate } from 'react-router';
import { LoginBody } from '#shared/contract/auth';
import { paths } from '../../app/paths.ts';
import { messageOf } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { LogoMark } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { useDocumentTitle } from '../../ui/page-header.tsx';
import { useLogin } from './api.ts';

interface Errors {
  email?: string;
  password?: string;
}

/** Spec §5 Login: email (email format) and password required. */
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
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  // Spec §2: an existing access token goes straight to the dashboard (also right after success).
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
        <h1 className="text-center text-xl font-semibold tracking-tight text-slate-900">Sign in to your account</h1>
        <form noValidate onSubmit={submit} className="mt-6 space-y-5">
          <Input label="Email address" name="email" type="email" autoComplete="username" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
          <Input label="Password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
          {login.isError && (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-inset ring-red-200">
              {messageOf(login.error, 'An error occurred during login')}
            </p>
          )}
          <Button type="submit" className="w-full" busy={login.isPending} busyText="Signing in...">
            Sign in
          </Button>
        </form>
      </div>
      <p className="mt-6 text-center text-xs text-slate-500">For authorised quality staff only.</p>
    </main>
  );
}
