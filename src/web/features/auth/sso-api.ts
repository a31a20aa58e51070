import { useQueryClient } from '@tanstack/react-query';
import { ssoApi } from '#shared/contract/auth-sso';
import { api } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { mfaKeys } from './mfa-api.ts';

/** Leaves for the provider: the browser comes back to My account with a one-time code. */
const go = ({ location }: { location: string }) => window.location.assign(location);

/** My account → Link single sign-on: the current password, then the provider. */
export function useLinkSso() {
  return useSingleFlightMutation({
    mutationFn: (password: string) => api(ssoApi.link, { body: { password }, fallback: 'Failed to start linking single sign-on' }),
    onSuccess: go,
  });
}

/** A fresh provider sign-in of this session, in place of the password for the next 5 minutes. */
export function useConfirmWithSso() {
  return useSingleFlightMutation({
    mutationFn: () => api(ssoApi.confirm, { fallback: 'Failed to start the single sign-on' }),
    onSuccess: go,
  });
}

/** What the round trip came to, from the code in My account's address. */
export function useSsoOutcome() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (code: string) => api(ssoApi.outcome, { body: { code }, fallback: 'Failed to finish the single sign-on' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status }),
  });
}
