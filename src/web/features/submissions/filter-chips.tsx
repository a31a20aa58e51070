import { COMPLAINT_FIELDS, COMPLAINT_FIELD_LABELS } from '#shared/contract/field-mapping';
import { TRIAGE_CARD_NAME } from '#shared/contract/triage';
import { CLOCK_FILTER_TEXT, DECISION_TEXT } from '../reporting/index.ts';
import { Icon } from '../../ui/icons.tsx';
import { DATE_RANGES, DEFAULT_LIST_STATE, type ListState } from './list-state.ts';
import { RATIONALE_MISSING_TEXT } from './reportability-state.tsx';

export interface FilterChip {
  /** What the chip reads, e.g. "Owner: Me". */
  text: string;
  /** What removing it changes in the list's state. */
  clear: Partial<ListState>;
}

/** "Me", "Nobody", the person's name, or "another user" while the owners are not known yet. */
export function ownerText(owner: string, names: ReadonlyMap<string, string>): string {
  if (owner === 'me') return 'Me';
  if (owner === 'none') return 'Nobody';
  return names.get(owner) ?? 'another user';
}

/**
 * Every filter in force, whichever link or control set it (a dashboard card, "Assigned to me", a
 * shared URL): the list never narrows without saying so. The order follows the toolbar.
 */
export function filterChips(state: ListState, ownerNames: ReadonlyMap<string, string>): FilterChip[] {
  const chips: FilterChip[] = [];
  const search = state.search.trim();
  if (search) chips.push({ text: `Search: “${search}”`, clear: { search: '' } });
  if (state.status) chips.push({ text: `Status: ${state.status}`, clear: { status: '' } });
  if (state.clock) chips.push({ text: `Reporting clock: ${CLOCK_FILTER_TEXT[state.clock]}`, clear: { clock: '' } });
  if (state.decision) chips.push({ text: `Decision: ${DECISION_TEXT[state.decision]}`, clear: { decision: '' } });
  if (state.owner) chips.push({ text: `Owner: ${ownerText(state.owner, ownerNames)}`, clear: { owner: '' } });
  if (state.closure) chips.push({ text: state.closure === 'open' ? 'Open complaints only' : 'Closed complaints only', clear: { closure: '' } });
  if (state.range !== DEFAULT_LIST_STATE.range) {
    const clear: Partial<ListState> = { range: 'all', from: '', to: '' };
    if (state.range === 'custom') {
      const text = state.from && state.to ? `BAD ${state.from} to ${state.to}` : state.from ? `BAD from ${state.from}` : state.to ? `BAD until ${state.to}` : 'BAD: custom range';
      chips.push({ text, clear });
    } else chips.push({ text: `BAD: ${DATE_RANGES.find((r) => r.value === state.range)!.label}`, clear });
  }
  for (const f of COMPLAINT_FIELDS) if (state[f]) chips.push({ text: `${COMPLAINT_FIELD_LABELS[f]}: ${state[f]}`, clear: { [f]: '' } });
  if (state.deadline === 'week') chips.push({ text: 'Investigation deadline within a week', clear: { deadline: '' } });
  if (state.rationale === 'missing') chips.push({ text: RATIONALE_MISSING_TEXT, clear: { rationale: '' } });
  if (state.triage === 'potential') chips.push({ text: TRIAGE_CARD_NAME, clear: { triage: '' } });
  return chips;
}

/** The chips in force, each removable, and "Clear all" once there are two or more. */
export function FilterChips({ chips, onChange }: { chips: FilterChip[]; onChange: (patch: Partial<ListState>) => void }) {
  if (chips.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <span id="filters-in-force" className="text-sm text-slate-600">
        Filtered by
      </span>
      <ul aria-labelledby="filters-in-force" className="flex flex-wrap items-center gap-2">
        {chips.map((chip) => (
          <li key={chip.text}>
            {/* The whole chip removes it; named by its text only, so no control's label is shared with it. */}
            <button
              type="button"
              onClick={() => onChange(chip.clear)}
              className="inline-flex min-h-8 items-center gap-1.5 rounded-full bg-brand-50 py-1 pr-2 pl-3 text-sm font-medium text-brand-900 ring-1 ring-brand-200 ring-inset hover:bg-brand-100"
            >
              <span className="sr-only">Remove filter:</span>{' '}
              {chip.text}
              <Icon name="close" className="size-4 shrink-0" />
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <button type="button" onClick={() => onChange(Object.assign({}, ...chips.map((c) => c.clear)) as Partial<ListState>)} className="min-h-8 rounded-md px-2 text-sm font-medium text-brand-800 underline underline-offset-4 hover:bg-brand-50">
          Clear all filters
        </button>
      )}
    </div>
  );
}
