import { Description, Field, Label, Switch } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

interface Props {
  label: string;
  description: ReactNode;
  checked: boolean;
  onChange: (on: boolean) => void;
  /** Shown under the switch while it is on (the value the option needs). */
  children?: ReactNode;
}

/** A labelled on/off switch (Predefined, Concatenate) with the input it reveals. */
export function ToggleField({ label, description, checked, onChange, children }: Props) {
  return (
    <div className="rounded-lg border border-slate-200">
      <Field className="flex items-start justify-between gap-6 px-4 py-3">
        <div>
          <Label className="text-sm font-medium text-slate-900">{label}</Label>
          <Description className="mt-0.5 text-sm text-slate-600">{description}</Description>
        </div>
        <Switch
          checked={checked}
          onChange={onChange}
          className={cn(
            'group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            checked ? 'bg-brand-700' : 'bg-slate-300',
          )}
        >
          <span aria-hidden="true" className="pointer-events-none mt-0.5 ml-0.5 inline-block size-5 rounded-full bg-white shadow-sm transition duration-200 group-data-checked:translate-x-5" />
        </Switch>
      </Field>
      {checked && children && <div className="border-t border-slate-200 px-4 py-3">{children}</div>}
    </div>
  );
}
