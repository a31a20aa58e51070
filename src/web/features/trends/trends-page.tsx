import type { Signal, TrendRow } from '#shared/contract/trends';
import { can } from '#shared/roles';
import { messageOf } from '../../lib/api-client.ts';
import { useQueryState } from '../../lib/use-query-state.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { Select } from '../../ui/select.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { type TrendsQuery, useTrends } from './api.ts';
import { MonthlyChart, NOT_NAMED, monthLabel } from './monthly-chart.tsx';
import { RulesPanel } from './rules-panel.tsx';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

interface Filters {
  from: string;
  to: string;
  product: string;
  code: string;
}

export function parseTrendsState(p: URLSearchParams): Filters {
  const month = (k: string) => (MONTH.test(p.get(k) ?? '') ? p.get(k)! : '');
  return { from: month('from'), to: month('to'), product: (p.get('product') ?? '').slice(0, 200), code: (p.get('code') ?? '').slice(0, 20) };
}

/** The query after a change: the filters set, in a fixed order. */
function nextTrendsQuery(now: Filters, patch: Partial<Filters>): URLSearchParams {
  const next = { ...now, ...patch };
  const p = new URLSearchParams();
  for (const k of ['from', 'to', 'product', 'code'] as const) if (next[k]) p.set(k, next[k]);
  return p;
}

function toQuery(f: Filters): TrendsQuery {
  const q: TrendsQuery = {};
  const [from, to] = f.from && f.to && f.from > f.to ? [f.to, f.from] : [f.from, f.to];
  if (from) q.from = from;
  if (to) q.to = to;
  if (f.product) q.product = f.product;
  if (f.code) q.code = f.code;
  return q;
}

/** One line per signal: what fired, when, and the counts that fired it. */
export function signalText(s: Signal): string {
  const n = `${s.count} ${s.count === 1 ? 'complaint' : 'complaints'}`;
  const counted = s.mean === null ? `${n} from ${s.windowFrom} to ${s.windowTo}` : `${n} from ${s.windowFrom} to ${s.windowTo}, monthly mean ${s.mean}`;
  return `${s.rule.product} · ${s.rule.code ?? 'any code'}: ${counted} (fires at ${s.threshold}; rule: ${s.condition}).`;
}

function SignalList({ signals }: { signals: readonly Signal[] }) {
  if (signals.length === 0) return null;
  return (
    <section aria-labelledby="signals-title" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
      <h2 id="signals-title" className="flex items-center gap-1.5 font-semibold">
        <Icon name="warning" className="size-4 shrink-0" />
        Signals in this period
      </h2>
      <ul className="mt-1.5 space-y-1">
        {signals.map((s) => (
          <li key={s.id}>
            <span className="font-medium">Fired {s.firedAt.slice(0, 10)}</span>
            {s.clearedAt ? ` (no longer holds since ${s.clearedAt.slice(0, 10)})` : ' (holds)'}: {signalText(s)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The same counts as the chart, by product and code, newest month first. */
function TrendTable({ rows }: { rows: readonly TrendRow[] }) {
  const sorted = [...rows].sort((a, b) => b.month.localeCompare(a.month) || (a.product ?? '').localeCompare(b.product ?? '') || (a.code ?? '').localeCompare(b.code ?? ''));
  return (
    <div className="min-w-0 rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">By product and code</h2>
      <p className="text-sm text-slate-600">A complaint with two codes counts under each.</p>
      {sorted.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No complaints in this period.</p>
      ) : (
        <div className="mt-2 max-h-[22rem] overflow-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">Complaints per month by product and IMDRF code</caption>
            <thead className="sticky top-0 bg-white">
              <tr className="border-b border-slate-200 text-slate-700">
                <th scope="col" className="py-1.5 pr-3 font-semibold">Month</th>
                <th scope="col" className="py-1.5 pr-3 font-semibold">Product</th>
                <th scope="col" className="py-1.5 pr-3 font-semibold">Code</th>
                <th scope="col" className="py-1.5 text-right font-semibold">Complaints</th>
              </tr>
            </thead>
            <tbody className="tabular-nums">
              {sorted.map((r) => (
                <tr key={`${r.month}|${r.product}|${r.code}`} className="border-b border-slate-100">
                  <td className="py-1 pr-3 whitespace-nowrap">{monthLabel(r.month)}</td>
                  <td className="py-1 pr-3">{r.product ?? NOT_NAMED}</td>
                  <td className="py-1 pr-3">{r.code ?? 'Not coded'}</td>
                  <td className="py-1 text-right">{r.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** Quality managers and admins: complaints per month by product and code, the signals fired, and the rules. */
export function TrendsPage() {
  const user = useCurrentUser();
  const { state: filters, update, clear } = useQueryState(parseTrendsState, nextTrendsQuery);
  const trends = useTrends(toQuery(filters));
  const data = trends.data;
  const subject = [filters.product || 'Every product', filters.code ? `code ${filters.code}` : ''].filter(Boolean).join(', ');
  const productOptions = [{ value: '', label: 'All products' }, ...(data?.products ?? []).map((p) => ({ value: p, label: p }))];
  if (filters.product && !data?.products.includes(filters.product)) productOptions.push({ value: filters.product, label: filters.product });
  const codeOptions = [{ value: '', label: 'All codes' }, ...(data?.codes ?? []).map((c) => ({ value: c, label: c }))];
  if (filters.code && !data?.codes.includes(filters.code)) codeOptions.push({ value: filters.code, label: filters.code });

  return (
    <>
      <PageHeader title="Trends" description="Complaints per month by product and IMDRF code, counted by become-aware date, and the signals the rules set in advance have raised." />
      <div className="mb-4 rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200">
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end sm:gap-4">
          <Input label="From month" type="month" className="sm:w-44" value={filters.from || data?.from || ''} onChange={(e) => update({ from: e.target.value })} />
          <Input label="To month" type="month" className="sm:w-44" value={filters.to || data?.to || ''} onChange={(e) => update({ to: e.target.value })} />
          <Select label="Product" className="sm:w-56" options={productOptions} value={filters.product} onChange={(e) => update({ product: e.target.value })} />
          <Select label="Code" className="sm:w-40" options={codeOptions} value={filters.code} onChange={(e) => update({ code: e.target.value })} />
          {(filters.from || filters.to || filters.product || filters.code) && (
            <Button variant="ghost" onClick={clear}>
              Clear filters
            </Button>
          )}
        </div>
      </div>
      {trends.isPending ? (
        <LoadingState text="Loading the trends..." />
      ) : trends.isError && !data ? (
        <ErrorState message={messageOf(trends.error, 'Failed to load the trends')} onRetry={() => void trends.refetch()} />
      ) : data ? (
        <>
          <SignalList signals={data.signals} />
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-5">
            <div className="min-w-0 xl:col-span-3">
              <MonthlyChart totals={data.totals} signals={data.signals} from={data.from} to={data.to} subject={subject} />
            </div>
            <div className="min-w-0 xl:col-span-2">
              <TrendTable rows={data.rows} />
            </div>
          </div>
        </>
      ) : null}
      <RulesPanel canEdit={can(user?.role, 'signalRules')} products={data?.products ?? []} codes={data?.codes ?? []} />
    </>
  );
}
