import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../ui/button.tsx';
import { useDocumentTitle } from '../../ui/page-header.tsx';
import { paths } from '../paths.ts';

/** Full-page message with a way home: 401, 404 and unexpected errors share it. */
export function StatusPage({ code, title, message, action }: { code?: string; title: string; message: string; action?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main className="grid min-h-screen place-items-center px-6 py-24">
      <div className="text-center">
        {code && <p className="text-base font-semibold text-brand-700">{code}</p>}
        <h1 className="mt-4 text-3xl font-semibold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        <p className="mt-6 text-base text-slate-600">{message}</p>
        <div className="mt-10 flex items-center justify-center gap-4">
          {action ?? (
            <Link to={paths.home} className={buttonClasses('primary')}>
              Go back home
            </Link>
          )}
        </div>
      </div>
    </main>
  );
}
