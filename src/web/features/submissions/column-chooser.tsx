import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useMemo } from 'react';
import { COMPLAINT_FIELDS, COMPLAINT_FIELD_LABELS, type ComplaintField } from '#shared/contract/field-mapping';
import { useLocalStorageState } from '../../lib/local-storage-state.ts';
import { buttonClasses } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';

const isFieldList = (v: unknown): v is ComplaintField[] => Array.isArray(v) && v.every((f) => (COMPLAINT_FIELDS as readonly unknown[]).includes(f));

/**
 * Which complaint fields the list shows as columns, kept in this browser (docs/features/coding.md):
 * none until chosen, so the spec's columns fit laptop widths as they are.
 */
export function useComplaintColumns() {
  const [chosen, setChosen] = useLocalStorageState<ComplaintField[]>('submissions.complaintColumns', [], isFieldList);
  // In the form's order, whatever order they were ticked in.
  const shown = useMemo(() => COMPLAINT_FIELDS.filter((f) => chosen.includes(f)), [chosen]);
  const toggle = (field: ComplaintField, on: boolean) => setChosen(COMPLAINT_FIELDS.filter((f) => (f === field ? on : shown.includes(f))));
  return { shown, toggle };
}

/** "Columns": a checkbox per complaint field, in a panel that closes with Escape or a click outside. */
export function ColumnChooser({ shown, onToggle }: { shown: readonly ComplaintField[]; onToggle: (field: ComplaintField, on: boolean) => void }) {
  return (
    <Popover className="relative">
      <PopoverButton className={buttonClasses('secondary')}>
        <Icon name="adjustments" className="size-4" />
        Columns{shown.length > 0 && <span className="text-slate-600">({shown.length})</span>}
      </PopoverButton>
      <PopoverPanel anchor={{ to: 'bottom end', gap: 4 }} className="z-30 w-64 rounded-lg bg-white p-4 shadow-lg ring-1 ring-slate-200">
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Complaint field columns</legend>
          <p className="mt-0.5 text-xs text-slate-600">Shown after the list's own columns on wide screens; narrower, under “More of this row”.</p>
          <div className="mt-2 space-y-1">
            {COMPLAINT_FIELDS.map((f) => (
              <label key={f} className="flex min-h-8 items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" className="size-4 rounded border-slate-300 text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600" checked={shown.includes(f)} onChange={(e) => onToggle(f, e.target.checked)} />
                {COMPLAINT_FIELD_LABELS[f]}
              </label>
            ))}
          </div>
        </fieldset>
      </PopoverPanel>
    </Popover>
  );
}
