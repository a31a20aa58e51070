import type { ReactNode } from 'react';

/** A section's h2 (its id labels the section), a line under it, and its action beside them. */
export function SectionHeader({ id, title, description, action }: { id: string; title: string; description: ReactNode; action: ReactNode }) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">{description}</p>
      </div>
      {action}
    </div>
  );
}
