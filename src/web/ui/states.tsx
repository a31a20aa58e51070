import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Icon } from './icons.tsx';
import { Spinner } from './spinner.tsx';

/** Announced politely, so screen-reader users know something is on its way. */
export function LoadingState({ text = 'Loading...' }: { text?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12 text-sm text-slate-600">
      <Spinner className="size-5 text-brand-600" />
      {text}
    </div>
  );
}

/**
 * The 'Error: <message>' form, announced at once. `onRetry` offers "Try again" (the 60 s
 * time-out keeps its raw 'timeout of 60000ms exceeded' text, so the way out is beside it).
 */
export function ErrorState({ message, action, onRetry }: { message: string; action?: ReactNode; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-6 py-8 text-center">
      <Icon name="warning" className="size-6 text-red-700" />
      <p className="text-sm font-medium text-red-800">Error: {message}</p>
      {action}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

export function EmptyState({ title, children, icon = 'document' }: { title: string; children?: ReactNode; icon?: 'document' | 'list' | 'adjustments' }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Icon name={icon} className="size-8 text-slate-400" />
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      {children && <div className="max-w-md text-sm text-slate-600">{children}</div>}
    </div>
  );
}
