import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack } from '@visx/shape';
import { useId } from 'react';
import type { WeekCount } from '#shared/contract/dashboard';
import { SUBMISSION_STATUSES } from '#shared/contract/submissions';
import { type ChartFill, FillPatterns, useWidth } from '../../ui/chart.tsx';

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
  const [ref, width] = useWidth<HTMLDivElement>();
  const keys = seriesKeys(weeks);
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const max = Math.max(1, ...weeks.map(total));
  const xScale = scaleBand<string>({ domain: weeks.map((w) => w.weekStart), range: [0, innerWidth], padding: 0.25 });
  const yScale = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const fill = (key: string) => `url(#${prefix}-${keys.indexOf(key)})`;
  const narrow = innerWidth < 480;
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
      <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-slate-700" aria-label="Legend">
        {keys.map((key) => (
          <li key={key} className="flex items-center gap-1.5">
            <svg width="16" height="16" aria-hidden="true" className="shrink-0 rounded-sm ring-1 ring-slate-300">
              <rect width="16" height="16" fill={fill(key)} />
            </svg>
            {key}
          </li>
        ))}
      </ul>
      {/* Clipped: after a resize the SVG keeps its old width until the observer reports the new one. */}
      <div ref={ref} className="w-full overflow-hidden" aria-hidden="true">
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="presentation">
            <defs>
              <FillPatterns prefix={prefix} keys={keys} fillOf={(key) => SERIES[key] ?? OTHER} />
            </defs>
            <Group left={MARGIN.left} top={MARGIN.top}>
              {yScale.ticks(4).map((t) => (
                <line key={t} x1={0} x2={innerWidth} y1={yScale(t)} y2={yScale(t)} stroke="#e2e8f0" />
              ))}
              <BarStack<WeekCount, string> data={[...weeks]} keys={keys} x={(w) => w.weekStart} value={(w, key) => w.counts[key] ?? 0} xScale={xScale} yScale={yScale} color={() => ''}>
                {(stacks) =>
                  stacks.map((stack) =>
                    stack.bars.map((bar) =>
                      bar.height > 0 ? <rect key={`${stack.index}-${bar.index}`} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={fill(stack.key)} stroke="#fff" strokeWidth={1} /> : null,
                    ),
                  )
                }
              </BarStack>
              {weeks.map((w) => {
                const t = total(w);
                return t > 0 ? (
                  <text key={w.weekStart} x={(xScale(w.weekStart) ?? 0) + xScale.bandwidth() / 2} y={yScale(t) - 4} textAnchor="middle" fontSize={11} fill="#334155" className="tabular-nums">
                    {t}
                  </text>
                ) : null;
              })}
              <AxisLeft scale={yScale} numTicks={4} tickFormat={(v) => String(v)} hideAxisLine hideTicks tickLabelProps={{ fontSize: 11, fill: '#475569' }} />
              <AxisBottom
                top={innerHeight}
                scale={xScale}
                tickFormat={(v, i) => (narrow && i % 2 === 1 ? '' : weekLabel(v))}
                stroke="#94a3b8"
                tickStroke="#94a3b8"
                tickLabelProps={{ fontSize: 11, fill: '#475569' }}
              />
            </Group>
          </svg>
        )}
      </div>
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
