import { Field, Label, Description, Switch } from '@headlessui/react';
import { cn } from '../../lib/cn.ts';

interface Props {
  restricted: boolean;
  onToggle: () => void;
  busy: boolean;
  /** Why the toggle cannot be used (e.g. one's own account); disables it. */
  disabledReason?: string | undefined;
}

/** Spec §4 User restriction: on or off; a restricted user cannot sign in. */
export function RestrictToggle({ restricted, onToggle, busy, disabledReason }: Props) {
  const disabled = busy || !!disabledReason;
  return (
    <Field disabled={disabled} className="flex items-start justify-between gap-6 rounded-lg border border-slate-200 px-4 py-3">
      <div>
        <Label className="text-sm font-medium text-slate-900">Restrict access</Label>
        <Description className="mt-0.5 text-sm text-slate-600">
          {disabledReason ?? (restricted ? 'This user cannot sign in until access is restored.' : 'A restricted user is signed out and cannot sign in.')}
        </Description>
      </div>
      <Switch
        checked={restricted}
        onChange={onToggle}
        className={cn(
          'group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full transition-colors duration-200 data-disabled:cursor-not-allowed data-disabled:opacity-50',
          restricted ? 'bg-red-700' : 'bg-slate-300',
        )}
      >
        <span aria-hidden="true" className="pointer-events-none mt-0.5 ml-0.5 inline-block size-5 rounded-full bg-white shadow-sm ring-0 transition duration-200 group-data-checked:translate-x-5" />
      </Switch>
    </Field>
  );
}
