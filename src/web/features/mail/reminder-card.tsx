import { Description, Field, Label } from '@headlessui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { mailApi } from '#shared/contract/mail';
import { api, messageOf } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { toast } from '../../lib/toast.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { Toggle } from '../../ui/switch.tsx';

const reminderKey = ['mail', 'reminders', 'mine'] as const;

/**
 * My account: whether the signed-in user gets the daily reminder digest of their complaints whose
 * clocks are due soon or overdue (docs/product.md, Daily reminders).
 */
export function ReminderCard() {
  const queryClient = useQueryClient();
  const setting = useQuery({ queryKey: reminderKey, queryFn: ({ signal }) => api(mailApi.reminderSetting, { signal, fallback: 'Failed to load the reminder setting' }) });
  const change = useSingleFlightMutation({
    mutationFn: (digest: boolean) => api(mailApi.setReminderSetting, { body: { digest }, fallback: 'Failed to change the reminder setting' }),
    onSuccess: (saved) => {
      queryClient.setQueryData(reminderKey, saved);
      toast.success(saved.digest ? 'Daily reminder e-mail turned on' : 'Daily reminder e-mail turned off');
    },
    onError: (error) => toast.error(messageOf(error, 'Failed to change the reminder setting')),
  });
  if (setting.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4 text-brand-600" />
        Loading...
      </p>
    );
  if (setting.isError) return <p className="text-sm text-red-700">{messageOf(setting.error, 'Failed to load the reminder setting')}</p>;
  const on = change.isPending && change.variables !== undefined ? change.variables : setting.data.digest;
  return (
    <Field disabled={change.isPending} className="flex items-start justify-between gap-6 rounded-lg bg-white px-4 py-3 shadow-xs ring-1 ring-slate-200">
      <div>
        <Label className="text-sm font-medium text-slate-900">Daily reminder e-mail</Label>
        <Description className="mt-0.5 text-sm text-slate-600">
          {on ? 'Each morning, the complaints you own whose reporting clock is due soon or overdue, or whose investigation is due within 3 days.' : 'You get no reminder e-mail. Your complaints still show on the dashboard.'}
        </Description>
      </div>
      <Toggle checked={on} onChange={(next) => change.mutate(next)} />
    </Field>
  );
}
