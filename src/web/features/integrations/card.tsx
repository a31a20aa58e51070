import type { ReactNode } from 'react';
import { Badge } from '../../ui/badge.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import type { Health } from './status.ts';

/** One connection: its name, how it stands, and its facts (label above value: fits 375 px). */
export function Card({ id, title, health, children }: { id: string; title: string; health: Health; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0 rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 sm:px-5">
        <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <Badge tone={health.tone}>{health.label}</Badge>
      </div>
      <dl className="divide-y divide-slate-100 px-4 sm:px-5">{children}</dl>
    </section>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-3">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900 wrap-anywhere">{children}</dd>
    </div>
  );
}

/** A server time, shown as every page of the app shows times; `never` when there is none. */
export function When({ at, never }: { at: string | null; never: string }) {
  if (!at) return <span className="text-slate-600">{never}</span>;
  return <DateTime value={at} />;
}

/** A reason something failed, in the server's words. */
export function ErrorText({ children }: { children: ReactNode }) {
  return <span className="font-medium text-red-800">{children}</span>;
}
