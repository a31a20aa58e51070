import { Link } from 'react-router';
import type { AssignedCounts } from '#shared/contract/dashboard';
import { paths } from '../../app/paths.ts';
import { cn } from '../../lib/cn.ts';
import { DUE_SOON_DAYS } from '#shared/reporting/clocks';

const list = (query: Record<string, string>) => `${paths.jotforms}?${new URLSearchParams(query).toString()}`;

/**
 * The "Assigned to me" card (docs/product.md, Owners): the viewer's open complaints and those whose
 * reporting clock is due soon or overdue, each linking to the list filtered so; for admins, open
 * complaints per owner.
 */
export function AssignedToMe({ counts, perOwner, first = false }: { counts: AssignedCounts; perOwner: { owners: { id: string; name: string; open: number }[]; unowned: number } | null; first?: boolean }) {
  const items = [
    { label: 'Open', value: counts.open, to: list({ owner: 'me', closure: 'open' }), warn: false },
    { label: 'Due soon', value: counts.dueSoon, to: list({ owner: 'me', clock: 'due_soon' }), warn: counts.dueSoon > 0 },
    { label: 'Overdue', value: counts.overdue, to: list({ owner: 'me', clock: 'overdue' }), warn: counts.overdue > 0 },
  ];
  return (
    <section aria-labelledby="assigned-title" className={cn('grid grid-cols-1 gap-4 lg:grid-cols-2', first ? 'mb-6' : 'mt-6')}>
      <div className="rounded-lg bg-white px-4 py-4 shadow-xs ring-1 ring-slate-200">
        <h2 id="assigned-title" className="text-sm font-semibold text-slate-700">
          Assigned to me
        </h2>
        <p className="mt-0.5 text-xs text-slate-600">Your open complaints, and their regulatory report due dates: due soon is within {DUE_SOON_DAYS} days</p>
        <ul className="mt-3 grid grid-cols-3 gap-3">
          {items.map((item) => (
            <li key={item.label}>
              {/* Named by what it shows, "Open 3 assigned to me": a label other than the visible text would hide it from speech input. */}
              <Link to={item.to} className="block min-h-11 rounded-md px-2 py-1 hover:bg-slate-50">
                <span className="block text-xs text-slate-500">{item.label}</span>{' '}
                <span className={cn('block text-2xl font-semibold tabular-nums', item.warn ? 'text-red-700' : 'text-slate-900')}>{item.value}</span>
                <span className="sr-only"> assigned to me</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
      {perOwner && (
        <div className="rounded-lg bg-white px-4 py-4 shadow-xs ring-1 ring-slate-200">
          <h2 id="per-owner-title" className="text-sm font-semibold text-slate-700">
            Open complaints per owner
          </h2>
          <ul aria-labelledby="per-owner-title" className="mt-3 divide-y divide-slate-100 text-sm">
            {perOwner.owners.map((o) => (
              <li key={o.id} className="flex items-center justify-between">
                <Link to={list({ owner: o.id, closure: 'open' })} className="inline-flex min-h-11 items-center text-brand-800 hover:underline sm:min-h-8">
                  {o.name}
                </Link>
                <span className="tabular-nums">{o.open}</span>
              </li>
            ))}
            <li className="flex items-center justify-between">
              <Link to={list({ owner: 'none', closure: 'open' })} className="inline-flex min-h-11 items-center text-brand-800 hover:underline sm:min-h-8">
                Nobody
              </Link>
              <span className="tabular-nums">{perOwner.unowned}</span>
            </li>
          </ul>
        </div>
      )}
    </section>
  );
}
