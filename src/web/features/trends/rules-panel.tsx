import { useState } from 'react';
import { type SignalRule, SignalRuleBody } from '#shared/contract/trends';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { useDeleteRule, useRules, useSaveRule } from './api.ts';

interface Draft {
  kind: 'count' | 'mean';
  product: string;
  code: string;
  windowDays: string;
  count: string;
  factor: string;
  minCount: string;
}
const EMPTY: Draft = { kind: 'count', product: '', code: '', windowDays: '30', count: '5', factor: '2', minCount: '3' };

const draftOf = (r: SignalRule): Draft => ({
  kind: r.kind,
  product: r.product,
  code: r.code ?? '',
  windowDays: String(r.windowDays ?? EMPTY.windowDays),
  count: String(r.count ?? EMPTY.count),
  factor: String(r.factor ?? EMPTY.factor),
  minCount: String(r.minCount ?? EMPTY.minCount),
});

const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

/** The draft as the API takes it, or the first message per field (the contract's own checks). */
export function checkDraft(d: Draft): { body: SignalRuleBody } | { errors: Record<string, string> } {
  const candidate =
    d.kind === 'count'
      ? { kind: d.kind, product: d.product, code: d.code.trim() || null, windowDays: num(d.windowDays), count: num(d.count) }
      : { kind: d.kind, product: d.product, code: d.code.trim() || null, factor: num(d.factor), minCount: num(d.minCount) };
  const parsed = SignalRuleBody.safeParse(candidate);
  if (parsed.success) return { body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return { errors };
}

function RuleForm({ initial, id, products, codes, onDone }: { initial: Draft; id: string | null; products: readonly string[]; codes: readonly string[]; onDone: () => void }) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveRule();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  function submit(e: React.FormEvent) {
    e.preventDefault();
    const checked = checkDraft(draft);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    save.mutate(
      { id, body: checked.body },
      {
        onSuccess: (rule) => {
          toast.success(rule.firing ? 'Rule saved: it fires now' : 'Rule saved');
          onDone();
        },
        onError: (error) => toast.error(messageOf(error, 'Failed to save the rule')),
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={id ? 'Edit signal rule' : 'New signal rule'} className="grid grid-cols-1 gap-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-3">
      <Select
        label="Rule"
        value={draft.kind}
        onChange={(e) => set({ kind: e.target.value as Draft['kind'] })}
        options={[
          { value: 'count', label: 'A count in a rolling window' },
          { value: 'mean', label: 'Above the monthly mean by a factor' },
        ]}
      />
      <Input label="Product" required list="trend-products" value={draft.product} onChange={(e) => set({ product: e.target.value })} error={errors.product} maxLength={200} />
      <Input label="IMDRF code" hint="Leave empty for any code." list="trend-codes" value={draft.code} onChange={(e) => set({ code: e.target.value.toUpperCase() })} error={errors.code} maxLength={20} />
      {draft.kind === 'count' ? (
        <>
          <Input label="Complaints" required type="number" min={1} inputMode="numeric" value={draft.count} onChange={(e) => set({ count: e.target.value })} error={errors.count} hint="It fires at this many or more." />
          <Input label="Within days" required type="number" min={1} max={366} inputMode="numeric" value={draft.windowDays} onChange={(e) => set({ windowDays: e.target.value })} error={errors.windowDays} hint="The last days, today included." />
        </>
      ) : (
        <>
          <Input label="Factor" required type="number" min={1.01} step={0.01} inputMode="decimal" value={draft.factor} onChange={(e) => set({ factor: e.target.value })} error={errors.factor} hint="This month above factor × the mean of the last 12 months." />
          <Input label="At least" required type="number" min={1} inputMode="numeric" value={draft.minCount} onChange={(e) => set({ minCount: e.target.value })} error={errors.minCount} hint="Complaints this month before it can fire." />
        </>
      )}
      <datalist id="trend-products">
        {products.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <datalist id="trend-codes">
        {codes.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit" busy={save.isPending} busyText="Saving...">
          {id ? 'Save rule' : 'Add rule'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The signal rules, by product; admins add, change and remove them. */
export function RulesPanel({ canEdit, products, codes }: { canEdit: boolean; products: readonly string[]; codes: readonly string[] }) {
  const rules = useRules();
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<{ id: string | null; draft: Draft } | null>(null);
  return (
    <section aria-labelledby="rules-title" className="mt-8">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="rules-title" className="text-lg font-semibold text-slate-900">
            Signal rules
          </h2>
          <p className="text-sm text-slate-600">Set in advance, per product and optionally per code. A rule that fires shows on the dashboard and here, and the admins get one e-mail.</p>
        </div>
        {canEdit && editing === null && <Button onClick={() => setEditing({ id: null, draft: { ...EMPTY } })}>Add rule</Button>}
      </div>
      {editing && editing.id === null && <RuleForm initial={editing.draft} id={null} products={products} codes={codes} onDone={() => setEditing(null)} />}
      {rules.isPending ? (
        <LoadingState text="Loading the rules..." />
      ) : rules.isError ? (
        <ErrorState message={messageOf(rules.error, 'Failed to load the signal rules')} onRetry={() => void rules.refetch()} />
      ) : rules.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No signal rules yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg bg-white shadow-xs ring-1 ring-slate-200" aria-label="Signal rules">
          {rules.data.map((r) => (
            <li key={r.id} className="px-4 py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {r.product} · {r.code ?? 'any code'} {r.firing && <Badge tone="red">Firing</Badge>}
                  </p>
                  <p className="text-sm text-slate-600">{r.condition}</p>
                </div>
                {canEdit && (
                  <div className="flex gap-2">
                    <Button size="sm" variant="secondary" onClick={() => setEditing({ id: r.id, draft: draftOf(r) })} aria-label={`Edit the rule for ${r.product} · ${r.code ?? 'any code'}`}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove the rule for ${r.product} · ${r.code ?? 'any code'}`}
                      onClick={() =>
                        remove.mutate(r.id, { onSuccess: () => toast.success('Rule removed'), onError: (error) => toast.error(messageOf(error, 'Failed to remove the rule')) })
                      }
                    >
                      Remove
                    </Button>
                  </div>
                )}
              </div>
              {editing?.id === r.id && (
                <div className="mt-3">
                  <RuleForm initial={editing.draft} id={r.id} products={products} codes={codes} onDone={() => setEditing(null)} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
