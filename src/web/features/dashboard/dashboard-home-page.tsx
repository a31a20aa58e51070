import type { Stat } from '#shared/contract/dashboard';
import { messageOf } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { Icon } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { useDashboardStats } from './api.ts';

/** Spec §2: this card is styled red as a warning. */
const WARNING_STAT = 'Deadline within a Week';

function StatCard({ stat }: { stat: Stat }) {
  const warning = stat.name === WARNING_STAT;
  return (
    <li className={cn('flex flex-col justify-between gap-2 rounded-lg px-5 py-5 shadow-xs ring-1', warning ? 'bg-red-50 ring-red-200' : 'bg-white ring-slate-200')}>
      <p className={cn('flex items-center gap-1.5 text-sm font-medium', warning ? 'text-red-800' : 'text-slate-600')}>
        {warning && <Icon name="warning" className="size-4 shrink-0" />}
        {stat.name}
      </p>
      <p className={cn('text-3xl font-semibold tracking-tight tabular-nums', warning ? 'text-red-700' : 'text-slate-900')}>{stat.value.toLocaleString()}</p>
    </li>
  );
}

export function DashboardHomePage() {
  const stats = useDashboardStats();
  return (
    <>
      <PageHeader title="Dashboard" description="Where the complaint workflow stands today." />
      {stats.isPending ? (
        <LoadingState />
      ) : stats.isError ? (
        <ErrorState message={messageOf(stats.error, 'An error occurred during fetching data')} onRetry={() => void stats.refetch()} />
      ) : (
        <ul aria-label="Summary statistics" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-5">
          {stats.data.map((stat) => (
            <StatCard key={stat.name} stat={stat} />
          ))}
        </ul>
      )}
    </>
  );
}
