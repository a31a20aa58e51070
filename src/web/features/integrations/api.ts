import { useQuery } from '@tanstack/react-query';
import { integrationsApi } from '#shared/contract/integrations';
import { api } from '../../lib/api-client.ts';

export const integrationsKeys = {
  status: ['integrations', 'status'] as const,
};

export const INTEGRATIONS_FETCH_FAILED = 'Failed to fetch the state of the integrations';

/** The connections' state; polled while the page is open, since syncs and mail move on their own. */
export function useIntegrations() {
  return useQuery({
    queryKey: integrationsKeys.status,
    queryFn: ({ signal }) => api(integrationsApi.status, { signal, fallback: { failed: INTEGRATIONS_FETCH_FAILED, thrown: 'An error occurred while fetching the state of the integrations' } }),
    refetchInterval: 30_000,
  });
}
