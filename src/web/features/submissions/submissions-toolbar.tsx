import { useEffect, useId, useRef, useState } from 'react';
import { COMPLAINT_FIELDS, COMPLAINT_FIELD_LABELS, COMPLAINT_FIELD_MAX, type ComplaintField } from '#shared/contract/field-mapping';
import { CLOCK_FILTERS, DECISION_FILTERS } from '#shared/contract/reporting';
import { SUBMISSION_STATUSES } from '#shared/contract/submissions';
import { CLOCK_FILTER_TEXT, DECISION_TEXT } from '../reporting/index.ts';
import { controlClasses } from '../../ui/field.tsx';
import { Icon } from '../../ui/icons.tsx';
import { DateInput } from '../../ui/date-input.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { useOwners } from './api.ts';
import { DATE_RANGES, type DateRange, type ListState } from './list-state.ts';
import { FilterChips, filterChips } from './filter-chips.tsx';

export const SEARCH_DEBOUNCE_MS = 300;

interface Props {
  state: ListState;
  onChange: (patch: Partial<ListState>) => void;
}

const CLOCK_OPTIONS = [{ value: '', label: 'All clocks' }, ...CLOCK_FILTERS.map((c) => ({ value: c, label: CLOCK_FILTER_TEXT[c] }))];
const DECISION_OPTIONS = [{ value: '', label: 'All decisions' }, ...DECISION_FILTERS.map((d) => ({ value: d, label: DECISION_TEXT[d] }))];

/** Closed is its own fact beside the workflow status (docs/features/signatures.md). */
const CLOSURE_OPTIONS = [
  { value: '', label: 'Open and closed' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...SUBMISSION_STATUSES.map((s) => ({ value: s, label: s }))];

/**
 * Typing waits for a pause before it asks the server, so each keystroke is not a request. Changes
 * from outside (back button, a cleared filter) are followed without undoing typing.
 */
function useDebouncedText(value: string, onCommit: (text: string) => void) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  // The latest callback, without restarting the pause each time the page re-renders.
  const onCommitRef = useRef(onCommit);
  useEffect(() => {
    onCommitRef.current = onCommit;
  });
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      onCommitRef.current(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return [text, setText] as const;
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const id = useId();
  const [text, setText] = useDebouncedText(value, onSearch);
  return (
    <div className="min-w-0 flex-1 sm:min-w-64">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Search
      </label>
      <div className="relative mt-1.5">
        <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          placeholder="Submitter, CH-Number or submission ID"
          className={`${controlClasses} pl-9`}
        />
      </div>
    </div>
  );
}

/** One complaint field's filter: the exact value as the form gave it (docs/features/coding.md). */
function ComplaintFieldFilter({ field, value, onChange }: { field: ComplaintField; value: string; onChange: (patch: Partial<ListState>) => void }) {
  const [text, setText] = useDebouncedText(value, (next) => onChange({ [field]: next }));
  return <Input label={COMPLAINT_FIELD_LABELS[field]} className="min-w-0 sm:w-44" type="search" maxLength={COMPLAINT_FIELD_MAX} value={text} onChange={(e) => setText(e.target.value)} />;
}

/** Search, status and the date filter (Custom adds Start Date and End Date). */
export function SubmissionsToolbar({ state, onChange }: Props) {
  const customIncomplete = state.range === 'custom' && (!state.from || !state.to);
  const owners = useOwners();
  // Anyone, Me, Nobody, then each person (docs/product.md, Owners).
  const ownerOptions = [{ value: '', label: 'Anyone' }, { value: 'me', label: 'Me' }, { value: 'none', label: 'Nobody' }, ...(owners.data ?? []).map((o) => ({ value: o.id, label: o.name }))];
  return (
    <div className="mb-4 rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200">
      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end">
        <SearchBox value={state.search} onSearch={(search) => onChange({ search })} />
        {/* Side by side on phones too: two short selects need not cost two rows of height. */}
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:gap-4">
          <Select
            label="Status"
            className="sm:w-48"
            options={STATUS_OPTIONS}
            value={state.status}
            onChange={(e) => onChange({ status: e.target.value as ListState['status'] })}
          />
          <Select
            label="Reporting clock"
            className="sm:w-40"
            options={CLOCK_OPTIONS}
            value={state.clock}
            onChange={(e) => onChange({ clock: e.target.value as ListState['clock'] })}
          />
          <Select
            label="Decision"
            className="sm:w-40"
            options={DECISION_OPTIONS}
            value={state.decision}
            onChange={(e) => onChange({ decision: e.target.value as ListState['decision'] })}
          />
          <Select
            label="Owner"
            className="sm:w-40"
            options={ownerOptions}
            value={state.owner}
            onChange={(e) => onChange({ owner: e.target.value })}
          />
          <Select
            label="Closure"
            className="sm:w-44"
            options={CLOSURE_OPTIONS}
            value={state.closure}
            onChange={(e) => onChange({ closure: e.target.value as ListState['closure'] })}
          />
          <Select
            label="Date filter"
            className="sm:w-40"
            options={DATE_RANGES}
            value={state.range}
            onChange={(e) => onChange({ range: e.target.value as DateRange })}
          />
        </div>
        {state.range === 'custom' && (
          <div className="grid grid-cols-2 gap-3 sm:flex sm:gap-4">
            <DateInput label="Start Date" className="sm:w-40" value={state.from} max={state.to || undefined} onChange={(from) => onChange({ from })} />
            <DateInput label="End Date" className="sm:w-40" value={state.to} min={state.from || undefined} onChange={(to) => onChange({ to })} />
          </div>
        )}
      </div>
      {/* The complaint fields read from the form, each matched exactly. */}
      <fieldset className="mt-4">
        <legend className="text-sm font-semibold text-slate-700">Complaint fields</legend>
        <div className="mt-1 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:gap-4">
          {COMPLAINT_FIELDS.map((f) => (
            <ComplaintFieldFilter key={f} field={f} value={state[f]} onChange={onChange} />
          ))}
        </div>
      </fieldset>
      <FilterChips chips={filterChips(state, new Map((owners.data ?? []).map((o) => [o.id, o.name])))} onChange={onChange} />
      <p className="mt-3 text-xs text-slate-500">
        {customIncomplete ? (
          <span role="status" className="font-medium text-amber-800">
            Choose both a start date and an end date to apply the custom range.
          </span>
        ) : (
          'Date filters apply to the become-aware date (BAD). Complaint fields match the whole value as the form gave it.'
        )}
      </p>
    </div>
  );
}
