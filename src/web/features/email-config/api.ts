import { useQuery, useQueryClient } from '@tanstack/react-query';
import { emailConfigApi } from '#shared/contract/email-config';
import { api } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

export const emailConfigKeys = {
  all: ['email-configs'] as const,
  list: ['email-configs', 'list'] as const,
};

/** Email-config fallbacks: 'Failed to …' for a refused call, 'An error occurred …' for none. */
export function useEmailConfigs() {
  return useQuery({
    queryKey: emailConfigKeys.list,
    queryFn: ({ signal }) => api(emailConfigApi.list, { query: {}, signal, fallback: { failed: 'Failed to fetch email config data', thrown: 'An error occurred while fetching email configs' } }),
    select: (data) => data.results,
  });
}

export function useAddEmail() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (email: string) => api(emailConfigApi.create, { body: { email }, fallback: { failed: 'Failed to add email!', thrown: 'An error occurred while creating email config' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailConfigKeys.all }),
  });
}

export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ id, email, active }: { id: string; email: string; active: boolean }) =>
      api(emailConfigApi.update, { params: { id }, body: { email, active }, fallback: { failed: 'Failed to update email', thrown: 'An error occurred while updating email config' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailConfigKeys.all }),
  });
}

export function useDeleteEmail() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (id: string) => api(emailConfigApi.remove, { params: { id }, fallback: { failed: 'Failed to delete email', thrown: 'An error occurred while deleting email config' } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailConfigKeys.all }),
  });
}
