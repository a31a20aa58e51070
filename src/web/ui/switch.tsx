import { Switch } from '@headlessui/react';
import { cn } from '../lib/cn.ts';

interface ToggleProps {
  checked: boolean;
  onChange: (on: boolean) => void;
  /** 'danger' for switches whose "on" takes something away (e.g. restricting a user). */
  tone?: 'brand' | 'danger';
}

/** An on/off switch; put it inside a Headless UI Field with a Label so it is named. */
export function Toggle({ checked, onChange, tone = 'brand' }: ToggleProps) {
  return (
    <Switch
      checked={checked}
      onChange={onChange}
      className={cn(
        'group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-disabled:cursor-not-allowed data-disabled:opacity-50',
        checked ? (tone === 'danger' ? 'bg-red-700' : 'bg-brand-700') : 'bg-slate-300',
      )}
    >
      <span aria-hidden="true" className="pointer-events-none mt-0.5 ml-0.5 inline-block size-5 rounded-full bg-white shadow-sm transition duration-200 group-data-checked:translate-x-5" />
    </Switch>
  );
}
