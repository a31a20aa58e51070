import { useQuery } from '@tanstack/react-query';
import { integrationsApi } from '#shared/contract/integrations';
import { api } from '../../lib/api-client.ts';

export const integrationsKeys = {
  status: ['integrations', 'status'] as const,
};

export const INTEGRATIONS_FETCH_FAILED = 'Failed to fetch the state of the integrations';

/**
 * The connections' state; polled while the page is open, since syncs and mail move on their own
 * (every 5 s while a first sync runs, so its progress moves on screen).
 */
export function useIntegrations() {
  return useQuery({
    queryKey: integrationsKeys.status,
    queryFn: ({ signal }) => api(integrationsApi.status, { signal, fallback: { failed: INTEGRATIONS_FETCH_FAILED, thrown: 'An error occurred while fetching the state of the integrations' } }),
    refetchInterval: (query) => {
      const first = query.state.data?.jotform.firstSync;
      return first && !first.done ? 5_000 : 30_000;
    },
  });
}
