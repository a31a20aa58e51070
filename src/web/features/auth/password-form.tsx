import { type FormEvent, useState } from 'react';
import { ApiError, messageOf } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Input } from '../../ui/input.tsx';
import { useChangePassword } from './api.ts';
import { PASSWORD_HINT, PASSWORD_RULES, type PasswordFormErrors, type PasswordFormValues, validatePasswordForm } from './password-rules.ts';

const EMPTY: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The rules, ticked as the new password meets them, and what the server refuses beyond them. */
function RuleList({ password }: { password: string }) {
  return (
    <>
      <ul aria-label="Password rules" className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.met(password);
          if (met && rule.onlyWhenBroken) return null;
          return (
            <li key={rule.label} className={cn('flex items-center gap-1.5', met ? 'text-green-700' : 'text-slate-600')}>
              <Icon name={met ? 'checkCircle' : 'xCircle'} className={cn('size-4 shrink-0', met ? 'text-green-600' : 'text-slate-400')} />
              {rule.label}
              <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
            </li>
          );
        })}
      </ul>
      <p className="mt-1 text-sm text-slate-600">{PASSWORD_HINT}</p>
    </>
  );
}

export function PasswordForm() {
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<PasswordFormErrors>({});
  const set = (patch: Partial<PasswordFormValues>) => setValues((v) => ({ ...v, ...patch }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validatePasswordForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(EMPTY);
          toast.success('Password changed. Your other sessions were signed out.');
        },
        onError: (error) => {
          const details = error instanceof ApiError ? error.details : undefined;
          if (details?.currentPassword || details?.newPassword) setErrors({ currentPassword: details.currentPassword, newPassword: details.newPassword });
          else toast.error(messageOf(error, 'Password change failed'));
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
      <div className="space-y-5 px-4 py-5 sm:px-6">
        <Input label="Current password" name="currentPassword" type="password" autoComplete="current-password" required value={values.currentPassword} onChange={(e) => set({ currentPassword: e.target.value })} error={errors.currentPassword} />
        <div>
          <Input label="New password" name="newPassword" type="password" autoComplete="new-password" required value={values.newPassword} onChange={(e) => set({ newPassword: e.target.value })} error={errors.newPassword} />
          <RuleList password={values.newPassword} />
        </div>
        <Input label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" required value={values.confirmPassword} onChange={(e) => set({ confirmPassword: e.target.value })} error={errors.confirmPassword} />
      </div>
      <div className="flex justify-end rounded-b-lg border-t border-slate-200 bg-slate-50 px-4 py-3 sm:px-6">
        <Button type="submit" busy={change.isPending} busyText="Changing password...">
          Change password
        </Button>
      </div>
    </form>
  );
}
