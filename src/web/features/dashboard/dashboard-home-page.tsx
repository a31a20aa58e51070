import { Link } from 'react-router';
import { CLOCK_CARD_NAMES, RATIONALE_CARD_NAME, type Stat } from '#shared/contract/dashboard';
import { TRIAGE_CARD_NAME } from '#shared/contract/triage';
import { messageOf } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { Icon } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { useDashboardOverview, useDashboardStats } from './api.ts';
import { cardLink } from './card-links.ts';
import { AssignedToMe } from './assigned-to-me.tsx';
import { WeeklyChart } from './weekly-chart.tsx';
import { SignalsCard } from '../trends/index.ts';
import { useIsPhone } from '../../lib/use-media-query.ts';

/** This card is styled red as a warning; the overdue clocks and missing rationales are warnings while there are any. */
const WARNING_STATS = new Set<string>(['Deadline within a Week', 'Reporting overdue', RATIONALE_CARD_NAME, TRIAGE_CARD_NAME]);
const WARNING_WHEN_ANY = new Set<string>(['Reporting overdue', RATIONALE_CARD_NAME, TRIAGE_CARD_NAME]);

/**
 * Which deadline a card counts, under its name: the investigation deadline and the regulatory
 * report due dates are different clocks, and two cards about "7 days" must not read alike.
 */
export const CARD_COUNTS: Record<string, string> = {
  'Deadline within a Week': 'Investigation deadlines in the next 7 days, of complaints not yet transferred or denied',
  [CLOCK_CARD_NAMES[0]]: 'Regulatory report due dates passed without a report filed',
  [CLOCK_CARD_NAMES[1]]: 'Regulatory report due dates in the next 7 days',
};

function StatCard({ stat, to }: { stat: Stat; to: string | null }) {
  const counts = CARD_COUNTS[stat.name];
  const warning = WARNING_STATS.has(stat.name) && (!WARNING_WHEN_ANY.has(stat.name) || stat.value > 0);
  const content = (
    <>
      <span className={cn('flex items-center gap-1.5 text-sm font-medium', warning ? 'text-red-800' : 'text-slate-600')}>
        {warning && <Icon name="warning" className="size-4 shrink-0" />}
        {stat.name}
      </span>
      {counts && <span className={cn('-mt-1 text-xs', warning ? 'text-red-900' : 'text-slate-600')}>{counts}</span>}
      <span className="flex items-end justify-between gap-2">
        <span className={cn('text-3xl font-semibold tracking-tight tabular-nums', warning ? 'text-red-700' : 'text-slate-900')}>{stat.value.toLocaleString()}</span>
        {to && <Icon name="chevronRight" className={cn('mb-1 size-5 shrink-0', warning ? 'text-red-700' : 'text-slate-400 group-hover:text-brand-700')} />}
      </span>
    </>
  );
  const inner = 'flex h-full flex-col justify-between gap-2 rounded-lg px-5 py-5';
  return (
    <li className={cn('rounded-lg shadow-xs ring-1', warning ? 'bg-red-50 ring-red-200' : 'bg-white ring-slate-200')}>
      {to ? (
        <Link to={to} className={cn(inner, 'group hover:ring-2', warning ? 'hover:ring-red-400' : 'hover:ring-brand-400')}>
          {content}
        </Link>
      ) : (
        <div className={inner}>{content}</div>
      )}
    </li>
  );
}

export function DashboardHomePage() {
  const user = useCurrentUser();
  const stats = useDashboardStats();
  const overview = useDashboardOverview();
  const phone = useIsPhone();
  const assigned = overview.data && <AssignedToMe counts={overview.data.assignedToMe} perOwner={overview.data.openPerOwner} first={phone} />;
  const clockStats: Stat[] = overview.data
    ? [
        { name: CLOCK_CARD_NAMES[0], value: overview.data.clocks.overdue },
        { name: CLOCK_CARD_NAMES[1], value: overview.data.clocks.dueWithin7Days },
        { name: RATIONALE_CARD_NAME, value: overview.data.rationaleMissing },
        { name: TRIAGE_CARD_NAME, value: overview.data.potentialReportable },
      ]
    : [];
  return (
    <>
      <PageHeader title="Dashboard" description="Where the complaint workflow stands today." />
      {/* On a phone the user's own work comes first, before the totals. */}
      {phone && assigned}
      {stats.isPending ? (
        <LoadingState />
      ) : stats.isError ? (
        <ErrorState message={messageOf(stats.error, 'An error occurred during fetching data')} onRetry={() => void stats.refetch()} />
      ) : (
        <ul aria-label="Summary statistics" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-5">
          {stats.data.map((stat) => (
            <StatCard key={stat.name} stat={stat} to={cardLink(stat.name, user?.role)} />
          ))}
        </ul>
      )}
      {clockStats.length > 0 && (
        <section aria-labelledby="clocks-title" className="mt-6">
          <h2 id="clocks-title" className="mb-3 text-sm font-semibold text-slate-700">
            Regulatory reporting clocks
          </h2>
          <ul aria-label="Reporting clocks" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-5">
            {clockStats.map((stat) => (
              <StatCard key={stat.name} stat={stat} to={cardLink(stat.name, user?.role)} />
            ))}
          </ul>
        </section>
      )}
      <SignalsCard />
      {!phone && assigned}
      <div className="mt-8">
        {overview.isPending ? (
          <LoadingState text="Loading the weekly chart..." />
        ) : overview.isError ? (
          <ErrorState message={messageOf(overview.error, 'An error occurred during fetching data')} />
        ) : (
          <WeeklyChart weeks={overview.data.weeks} />
        )}
      </div>
    </>
  );
}
