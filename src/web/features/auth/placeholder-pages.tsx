import { useDocumentTitle } from '../../ui/page-header.tsx';

/** Spec §2: these two routes are a placeholder heading only. */
function AuthHeadingPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
    </main>
  );
}

export function ResetPasswordPage() {
  return <AuthHeadingPage title="Reset Password" />;
}

export function EmailConfirmationPage() {
  return <AuthHeadingPage title="Email Confirmation" />;
}
