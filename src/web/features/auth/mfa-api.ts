import { useQuery, useQueryClient } from '@tanstack/react-query';
import { mfaApi } from '#shared/contract/auth-mfa';
import { api } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

export const mfaKeys = { status: ['auth', 'mfa'] as const };

/** What proves it is the account's owner: the current password (none when a recent provider sign-in stands in for it), and a code. */
export interface ProofBody {
  password?: string;
  code: string;
}

export function useMfaStatus() {
  return useQuery({ queryKey: mfaKeys.status, queryFn: ({ signal }) => api(mfaApi.status, { signal, fallback: 'Failed to fetch your two-step verification' }) });
}

export function useSetUpMfa() {
  return useSingleFlightMutation({ mutationFn: (password: string | undefined) => api(mfaApi.setUp, { body: password ? { password } : {}, fallback: 'Failed to start the set-up' }) });
}

export function useConfirmMfa() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (code: string) => api(mfaApi.confirm, { body: { code }, fallback: 'Failed to turn on two-step verification' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status }),
  });
}

export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: ProofBody) => api(mfaApi.newRecoveryCodes, { body, fallback: 'Failed to make new recovery codes' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status }),
  });
}

export function useTurnOffMfa() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: ProofBody) => api(mfaApi.turnOff, { body, fallback: 'Failed to turn off two-step verification' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status }),
  });
}
