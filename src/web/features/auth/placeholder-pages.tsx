import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useDocumentTitle } from '../../ui/page-header.tsx';

/** These two routes are a placeholder heading; reset-password adds where to turn. */
function AuthHeadingPage({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      {children}
    </main>
  );
}

export function ResetPasswordPage() {
  return (
    <AuthHeadingPage title="Reset Password">
      <p className="mt-3 max-w-md text-sm text-slate-600">Passwords are reset by an administrator of the portal: ask one to set a new password for you.</p>
      <Link to={paths.login} className="mt-6 text-sm font-semibold text-brand-700 hover:text-brand-800">
        <span aria-hidden="true">← </span>Back to sign in
      </Link>
    </AuthHeadingPage>
  );
}

export function EmailConfirmationPage() {
  return <AuthHeadingPage title="Email Confirmation" />;
}
