import { Description, Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import type { PreprocessingFunction } from '#shared/contract/field-mapping';
import { Icon } from '../../ui/icons.tsx';
import { MAX_FUNCTIONS, formatExample } from './mapping-form.ts';

interface Props {
  functions: readonly PreprocessingFunction[] | undefined;
  value: readonly string[];
  onChange: (next: string[]) => void;
}

/**
 * Keeps the order in which functions were picked (they run in that order): the ones kept stay in
 * place and a newly picked one goes last, whatever order the list component reports.
 */
export function keepPickOrder(current: readonly string[], next: readonly string[]): string[] {
  const kept = current.filter((name) => next.includes(name));
  return [...kept, ...next.filter((name) => !current.includes(name))];
}

/** Multi-select of the preprocessing registry, each with its description and an example. */
export function PreprocessingSelect({ functions, value, onChange }: Props) {
  const full = value.length >= MAX_FUNCTIONS;
  return (
    <Field className="min-w-0">
      <Label className="block text-sm font-medium text-slate-800">Preprocessing functions</Label>
      <Listbox value={[...value]} onChange={(next: string[]) => onChange(keepPickOrder(value, next))} multiple>
        <ListboxButton className="mt-1.5 flex w-full items-center justify-between gap-2 rounded-md bg-white px-3 py-2 text-left text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-600 focus:outline-none">
          <span className="min-w-0 truncate">{value.length > 0 ? value.join(' → ') : <span className="text-slate-500">None</span>}</span>
          <Icon name="chevronUpDown" className="size-4 shrink-0 text-slate-500" />
        </ListboxButton>
        <ListboxOptions
          anchor={{ to: 'bottom start', gap: 4 }}
          className="z-[60] w-[min(28rem,calc(100vw-2rem))] overflow-y-auto [--anchor-max-height:20rem] rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-900/10 focus:outline-none"
        >
          {(functions ?? []).map((fn) => {
            const position = value.indexOf(fn.name);
            return (
              <ListboxOption
                key={fn.name}
                value={fn.name}
                disabled={full && position < 0}
                className="group flex cursor-pointer gap-3 px-3 py-2 data-disabled:cursor-not-allowed data-disabled:opacity-50 data-focus:bg-brand-50"
              >
                <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-semibold ring-1 ring-slate-300 group-data-selected:bg-brand-700 group-data-selected:text-white group-data-selected:ring-brand-700">
                  {position >= 0 ? position + 1 : ''}
                </span>
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">{fn.name}</span>
                  <span className="block text-slate-600">{fn.description}</span>
                  <span className="mt-0.5 block font-mono text-xs text-slate-600 wrap-anywhere">
                    e.g. {formatExample(fn.example.input)} → {formatExample(fn.example.output)}
                  </span>
                </span>
              </ListboxOption>
            );
          })}
        </ListboxOptions>
      </Listbox>
      <Description className="mt-1 text-xs text-slate-600">{functions ? 'Applied in the order picked (numbers show the order).' : 'Loading functions...'}</Description>
    </Field>
  );
}
