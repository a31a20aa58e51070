import { useQueryClient } from '@tanstack/react-query';
import { submissionsApi } from '#shared/contract/submissions';
import { api, messageOf } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { toast } from '../../lib/toast.ts';
import { reloadAfterAction } from './api.ts';

export interface DeliverOutcome {
  /** At least one of the two calls went through: the screen proceeds (closes the dialog). */
  proceeded: boolean;
  toasts: { kind: 'success' | 'error'; message: string }[];
}

/**
 * Marking delivered fires mark-email-delivered and send-email-recipient together and
 * proceeds if at least one succeeds. Each outcome tells the user exactly what happened, so a
 * mail that did not go out is never mistaken for one that did.
 */
export function deliverOutcome(marked: PromiseSettledResult<unknown>, mailed: PromiseSettledResult<unknown>): DeliverOutcome {
  const markOk = marked.status === 'fulfilled';
  const mailOk = mailed.status === 'fulfilled';
  if (markOk && mailOk) return { proceeded: true, toasts: [{ kind: 'success', message: 'Marked as delivered and email sent' }] };
  if (markOk && !mailOk) {
    return {
      proceeded: true,
      toasts: [
        { kind: 'success', message: 'Marked as delivered' },
        { kind: 'error', message: messageOf(mailed.reason, 'Failed to send email to recipient') },
      ],
    };
  }
  if (!markOk && mailOk) {
    return {
      proceeded: true,
      toasts: [
        { kind: 'success', message: 'Email sent to recipient' },
        { kind: 'error', message: messageOf(marked.reason, 'Failed to mark email as delivered') },
      ],
    };
  }
  return { proceeded: false, toasts: [{ kind: 'error', message: 'Failed to mark as delivered' }] };
}

/** Both calls at once (Promise.allSettled), then the toasts; the list reloads either way. */
export async function markDelivered(id: string): Promise<DeliverOutcome> {
  const [marked, mailed] = await Promise.allSettled([
    api(submissionsApi.markEmailDelivered, {
      params: { id },
      body: { emailDelivered: true },
      fallback: { failed: 'Failed to mark email as delivered', thrown: 'An error occurred during marking email as delivered' },
    }),
    api(submissionsApi.sendEmailRecipient, { params: { id }, fallback: { failed: 'Failed to send email to recipient', thrown: 'An error occurred during sending email to recipient' } }),
  ]);
  const outcome = deliverOutcome(marked, mailed);
  for (const t of outcome.toasts) toast[t.kind](t.message);
  return outcome;
}

export function useMarkDelivered() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ id }: { id: string }) => markDelivered(id),
    onSettled: (_data, _error, vars) => void reloadAfterAction(queryClient, vars.id),
  });
}
