import { Field, Label, Description } from '@headlessui/react';
import { Toggle } from '../../ui/switch.tsx';

interface Props {
  restricted: boolean;
  onToggle: () => void;
  busy: boolean;
  /** Why the toggle cannot be used (e.g. one's own account); disables it. */
  disabledReason?: string | undefined;
}

/** User restriction: on or off; a restricted user cannot sign in. */
export function RestrictToggle({ restricted, onToggle, busy, disabledReason }: Props) {
  const disabled = busy || !!disabledReason;
  return (
    <Field disabled={disabled} className="flex items-start justify-between gap-6 rounded-lg border border-slate-200 bg-white px-4 py-3">
      <div>
        <Label className="text-sm font-medium text-slate-900">Restrict access</Label>
        <Description className="mt-0.5 text-sm text-slate-600">
          {disabledReason ?? (restricted ? 'This user cannot sign in until access is restored.' : 'A restricted user is signed out and cannot sign in.')}
        </Description>
      </div>
      <Toggle checked={restricted} onChange={onToggle} tone="danger" />
    </Field>
  );
}
