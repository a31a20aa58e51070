import { type ReactNode, useEffect } from 'react';

/** The page's h1, an optional line under it and its actions; also names the browser tab. */
export function PageHeader({ title, description, actions, documentTitle }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; documentTitle?: string }) {
  const tabTitle = documentTitle ?? (typeof title === 'string' ? title : undefined);
  useDocumentTitle(tabTitle);
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 tabIndex={-1} className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-3">{actions}</div>}
    </div>
  );
}

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Quality Portal` : 'Quality Portal';
  }, [title]);
}
