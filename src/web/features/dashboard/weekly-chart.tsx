import { useId } from 'react';
import type { WeekCount } from '#shared/contract/dashboard';
import { SUBMISSION_STATUSES } from '#shared/contract/submissions';
import { type ChartFill, ChartLegend, StackedBars } from '../../ui/chart.tsx';

/** Each status: the badge colour (docs/product.md, Statuses), and a fill pattern so the series read without colour. */
const SERIES: Record<string, ChartFill> = {
  'Pending Review': { color: '#2563eb', pattern: 'solid' },
  'Pending Transfer': { color: '#16a34a', pattern: 'diagonal' },
  'Successful Transfer': { color: '#64748b', pattern: 'lines' },
  Denied: { color: '#dc2626', pattern: 'cross' },
  'Transfer Error': { color: '#ca8a04', pattern: 'dots' },
};
const OTHER = { color: '#0f766e', pattern: 'solid' as const };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Sep 7" for a week starting 2026-09-07. */
export function weekLabel(weekStart: string): string {
  const [, m, d] = weekStart.split('-').map(Number);
  return m && d ? `${MONTHS[m - 1]} ${d}` : weekStart;
}

/** The statuses present, in the badges' order, then any other the server counts. */
export function seriesKeys(weeks: readonly WeekCount[]): string[] {
  const seen = new Set(weeks.flatMap((w) => Object.keys(w.counts)));
  return [...SUBMISSION_STATUSES.filter((s) => seen.has(s)), ...[...seen].filter((s) => !(SUBMISSION_STATUSES as readonly string[]).includes(s)).sort()];
}

const total = (w: WeekCount) => Object.values(w.counts).reduce((a, b) => a + b, 0);

const HEIGHT = 260;
const MARGIN = { top: 20, right: 8, bottom: 28, left: 32 };

/**
 * Submissions per week for the last 12 weeks, stacked by status. Each status has a fill pattern
 * as well as a colour, the legend repeats both, every bar carries its total, and the same numbers
 * are a table for screen readers and anyone who prefers one.
 */
export function WeeklyChart({ weeks }: { weeks: readonly WeekCount[] }) {
  const prefix = useId().replace(/:/g, '');
  const keys = seriesKeys(weeks);
  const sum = weeks.reduce((a, w) => a + total(w), 0);

  return (
    <figure aria-labelledby={`${prefix}-title`} className="rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:p-5">
      <figcaption className="mb-3">
        <span id={`${prefix}-title`} className="block text-base font-semibold text-slate-900">
          Submissions per week
        </span>
        <span className="block text-sm text-slate-600">
          The last {weeks.length} weeks by status, {sum} in all; weeks start on Monday.
        </span>
      </figcaption>
      <ChartLegend prefix={prefix} keys={keys} />
      <StackedBars<WeekCount>
        prefix={prefix}
        keys={keys}
        fillOf={(key) => SERIES[key] ?? OTHER}
        data={weeks}
        band={(w) => w.weekStart}
        value={(w, key) => w.counts[key] ?? 0}
        total={total}
        height={HEIGHT}
        margin={MARGIN}
        // Below 480 px of plot every other week is named.
        tickLabel={(week, i, innerWidth) => (innerWidth < 480 && i % 2 === 1 ? '' : weekLabel(week))}
      />
      <details className="mt-3 text-sm">
        <summary className="flex min-h-11 cursor-pointer items-center font-medium text-brand-800 sm:min-h-0">Show the numbers as a table</summary>
        {/* On a phone the weeks are a list: seven columns of numbers do not fit 375 px without scrolling. */}
        <ul className="mt-2 space-y-1.5 sm:hidden">
          {weeks.map((w) => (
            <li key={w.weekStart} className="border-b border-slate-100 pb-1.5">
              <span className="font-medium text-slate-800">Week of {w.weekStart}</span>
              <span className="tabular-nums text-slate-700">
                {': '}
                {keys.map((k) => `${k} ${w.counts[k] ?? 0}`).join(' · ')} · Total {total(w)}
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-2 hidden overflow-x-auto sm:block">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Submissions per week by status</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-700">
                <th scope="col" className="py-1.5 pr-4 font-semibold">Week of</th>
                {keys.map((k) => (
                  <th key={k} scope="col" className="px-2 py-1.5 text-right font-semibold">{k}</th>
                ))}
                <th scope="col" className="py-1.5 pl-2 text-right font-semibold">Total</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {weeks.map((w) => (
                <tr key={w.weekStart} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-4 font-normal whitespace-nowrap">{w.weekStart}</th>
                  {keys.map((k) => (
                    <td key={k} className="px-2 py-1 text-right">{w.counts[k] ?? 0}</td>
                  ))}
                  <td className="py-1 pl-2 text-right font-medium">{total(w)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
