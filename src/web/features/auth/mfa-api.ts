import { useQuery, useQueryClient } from '@tanstack/react-query';
import { mfaApi } from '#shared/contract/auth-mfa';
import { api } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

export const mfaKeys = { status: ['auth', 'mfa'] as const };

export function useMfaStatus() {
  return useQuery({ queryKey: mfaKeys.status, queryFn: ({ signal }) => api(mfaApi.status, { signal, fallback: 'Failed to fetch your two-step verification' }) });
}

export function useSetUpMfa() {
  return useSingleFlightMutation({ mutationFn: () => api(mfaApi.setUp, { fallback: 'Failed to start the set-up' }) });
}

export function useConfirmMfa() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (code: string) => api(mfaApi.confirm, { body: { code }, fallback: 'Failed to turn on two-step verification' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status }),
  });
}

export function useTurnOffMfa() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: { password: string; code: string }) => api(mfaApi.turnOff, { body, fallback: 'Failed to turn off two-step verification' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status }),
  });
}
