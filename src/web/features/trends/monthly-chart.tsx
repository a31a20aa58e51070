import { useId } from 'react';
import type { Signal, TrendTotal } from '#shared/contract/trends';
import { type ChartFill, ChartLegend, StackedBars } from '../../ui/chart.tsx';

/** Series fills: a colour and a pattern each, so the products read without colour too (as the dashboard's chart does). */
const FILLS: ChartFill[] = [
  { color: '#2563eb', pattern: 'solid' },
  { color: '#16a34a', pattern: 'diagonal' },
  { color: '#9333ea', pattern: 'dots' },
  { color: '#ca8a04', pattern: 'lines' },
  { color: '#0f766e', pattern: 'cross' },
  { color: '#db2777', pattern: 'solid' },
];
const REST = { color: '#64748b', pattern: 'lines' as const };
/** The most products the chart names; the rest are one series. */
export const CHART_PRODUCTS = FILLS.length;
export const OTHER_PRODUCTS = 'Other products';
export const NOT_NAMED = 'Product not named';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Mar 2026" for 2026-03. */
export function monthLabel(month: string): string {
  const m = Number(month.slice(5, 7));
  return m >= 1 && m <= 12 ? `${MONTHS[m - 1]} ${month.slice(0, 4)}` : month;
}

/** Every month from `from` to `to`, both included (YYYY-MM). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  for (let i = 0; i < 240; i++) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > to) break;
    out.push(month);
    m += 1;
    if (m === 13) [y, m] = [y + 1, 1];
  }
  return out;
}

export interface MonthBar {
  month: string;
  counts: Record<string, number>;
  total: number;
}

/** The bars: each month of the period with its complaints per series (the busiest products named, the rest together). */
export function monthBars(totals: readonly TrendTotal[], from: string, to: string): { bars: MonthBar[]; keys: string[] } {
  const byProduct = new Map<string, number>();
  const name = (p: string | null) => p ?? NOT_NAMED;
  for (const t of totals) byProduct.set(name(t.product), (byProduct.get(name(t.product)) ?? 0) + t.count);
  const ranked = [...byProduct.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([p]) => p);
  const named = ranked.length <= CHART_PRODUCTS ? ranked : ranked.slice(0, CHART_PRODUCTS - 1);
  const keys = ranked.length <= CHART_PRODUCTS ? named : [...named, OTHER_PRODUCTS];
  const bars = monthsBetween(from, to).map((month) => ({ month, counts: Object.fromEntries(keys.map((k) => [k, 0])) as Record<string, number>, total: 0 }));
  const index = new Map(bars.map((b, i) => [b.month, i]));
  for (const t of totals) {
    const bar = bars[index.get(t.month) ?? -1];
    if (!bar) continue;
    const key = named.includes(name(t.product)) ? name(t.product) : OTHER_PRODUCTS;
    bar.counts[key] = (bar.counts[key] ?? 0) + t.count;
    bar.total += t.count;
  }
  return { bars, keys };
}

function fillOf(keys: string[], key: string) {
  return key === OTHER_PRODUCTS ? REST : (FILLS[keys.indexOf(key)] ?? REST);
}

/** Name every so many months on the axis, so the labels (about 56 px each) never overlap. */
function labelEvery(months: number, innerWidth: number): number {
  return Math.max(1, Math.ceil(months / Math.max(1, Math.floor(innerWidth / 56))));
}

const HEIGHT = 280;
const MARGIN = { top: 30, right: 8, bottom: 28, left: 36 };
const SIGNAL = '#b91c1c';

/**
 * Complaints per month, stacked by product (each complaint once), with a red triangle over each
 * month in which a signal rule fired. Each product has a pattern as well as a colour, the legend
 * repeats both, and every bar carries its total; the table beside it holds the same numbers.
 */
export function MonthlyChart({ totals, signals, from, to, subject }: { totals: readonly TrendTotal[]; signals: readonly Signal[]; from: string; to: string; subject: string }) {
  const prefix = useId().replace(/:/g, '');
  const { bars, keys } = monthBars(totals, from, to);
  const sum = bars.reduce((a, b) => a + b.total, 0);
  const signalMonths = new Map<string, number>();
  for (const s of signals) signalMonths.set(s.month, (signalMonths.get(s.month) ?? 0) + 1);

  return (
    <figure aria-labelledby={`${prefix}-title`} className="min-w-0 rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:p-5">
      <figcaption className="mb-3">
        <span id={`${prefix}-title`} className="block text-base font-semibold text-slate-900">
          Complaints per month
        </span>
        <span className="block text-sm text-slate-600">
          {subject}, {monthLabel(from)} to {monthLabel(to)}: {sum} in all, by become-aware date.
        </span>
      </figcaption>
      <ChartLegend prefix={prefix} keys={keys}>
        {signalMonths.size > 0 && (
          <li className="flex items-center gap-1.5">
            <svg width="16" height="16" aria-hidden="true" className="shrink-0">
              <path d="M8 14 L1 2 L15 2 Z" fill={SIGNAL} />
            </svg>
            Signal fired
          </li>
        )}
      </ChartLegend>
      <StackedBars<MonthBar>
        prefix={prefix}
        keys={keys}
        fillOf={(key) => fillOf(keys, key)}
        data={bars}
        band={(b) => b.month}
        value={(b, key) => b.counts[key] ?? 0}
        total={(b) => b.total}
        height={HEIGHT}
        margin={MARGIN}
        tickLabel={(month, i, innerWidth) => (i % labelEvery(bars.length, innerWidth) === 0 ? monthLabel(month).replace(' 20', " '") : '')}
        // A red triangle over each month in which a signal rule fired.
        mark={(b, x, top) =>
          signalMonths.has(b.month) && <path data-signal-month={b.month} d={`M${x} ${top - 8} l-7 -12 h14 Z`} transform={b.total > 0 ? 'translate(0 -10)' : undefined} fill={SIGNAL} />
        }
      />
    </figure>
  );
}
