import { useId } from 'react';
import { CATEGORIES, CATEGORY_LABELS, type Category, RATIONALE_MAX, RATIONALE_MIN, REGIMES, REGIME_LABELS, type Regime } from '#shared/contract/reporting';
import { Select } from '../../ui/select.tsx';
import { Textarea } from '../../ui/textarea.tsx';
import type { DecideBody } from './api.ts';

export interface DecisionDraft {
  rationale: string;
  category: Category;
  regimes: Regime[];
}

export const draftOf = (defaultRegimes: readonly Regime[], category: Category = 'standard'): DecisionDraft => ({ rationale: '', category, regimes: [...defaultRegimes] });

/** What is wrong with a draft, field by field (the server checks the same rules). */
export function draftErrors(draft: DecisionDraft, decision: DecideBody['decision']): { rationale?: string; regimes?: string } {
  const errors: { rationale?: string; regimes?: string } = {};
  if (draft.rationale.trim().length < RATIONALE_MIN) errors.rationale = `The rationale must be at least ${RATIONALE_MIN} characters.`;
  if (decision === 'reportable' && draft.regimes.length === 0) errors.regimes = 'Choose at least one regime.';
  return errors;
}

/** The decision call's body for a draft. */
export function decideBody(draft: DecisionDraft, decision: DecideBody['decision']): DecideBody {
  return decision === 'reportable'
    ? { decision, rationale: draft.rationale.trim(), category: draft.category, regimes: draft.regimes }
    : { decision, rationale: draft.rationale.trim() };
}

interface Props {
  draft: DecisionDraft;
  onChange: (draft: DecisionDraft) => void;
  /** Category and regimes: a reportable decision only. */
  withClockFields: boolean;
  rationaleLabel: string;
  rationaleHint?: string;
  errors?: { rationale?: string | undefined; regimes?: string | undefined };
  autoFocus?: boolean;
}

/** Rationale, then the category and regimes that set the reporting clocks. */
export function DecisionFields({ draft, onChange, withClockFields, rationaleLabel, rationaleHint, errors = {}, autoFocus }: Props) {
  const regimesId = useId();
  const toggle = (regime: Regime, on: boolean) =>
    onChange({ ...draft, regimes: on ? REGIMES.filter((r) => r === regime || draft.regimes.includes(r)) : draft.regimes.filter((r) => r !== regime) });
  return (
    <div className="space-y-4">
      <Textarea
        label={rationaleLabel}
        name="rationale"
        rows={4}
        maxLength={RATIONALE_MAX}
        value={draft.rationale}
        onChange={(e) => onChange({ ...draft, rationale: e.target.value })}
        hint={rationaleHint}
        error={errors.rationale}
        autoFocus={autoFocus}
      />
      {withClockFields && (
        <>
          <Select
            label="Category"
            options={CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
            value={draft.category}
            onChange={(e) => onChange({ ...draft, category: e.target.value as Category })}
          />
          <fieldset aria-describedby={errors.regimes ? `${regimesId}-error` : undefined}>
            <legend className="text-sm font-medium text-slate-800">Regimes</legend>
            <div className="mt-1.5 space-y-1.5">
              {REGIMES.map((regime) => (
                <label key={regime} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
                    checked={draft.regimes.includes(regime)}
                    onChange={(e) => toggle(regime, e.target.checked)}
                  />
                  {REGIME_LABELS[regime]}
                </label>
              ))}
            </div>
            {errors.regimes && (
              <p id={`${regimesId}-error`} className="mt-1.5 text-sm text-red-700">
                {errors.regimes}
              </p>
            )}
          </fieldset>
        </>
      )}
    </div>
  );
}
