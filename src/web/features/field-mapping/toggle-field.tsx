import { Description, Field, Label } from '@headlessui/react';
import { Toggle } from '../../ui/switch.tsx';
import type { ReactNode } from 'react';

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
        <Toggle checked={checked} onChange={onChange} />
      </Field>
      {checked && children && <div className="border-t border-slate-200 px-4 py-3">{children}</div>}
    </div>
  );
}
