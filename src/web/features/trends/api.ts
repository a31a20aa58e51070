import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestOf } from '#shared/contract/endpoints';
import { type SignalRuleBody, trendsApi } from '#shared/contract/trends';
import { api } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

export type TrendsQuery = RequestOf<typeof trendsApi.get>['query'];

export const trendsKeys = {
  all: ['trends'] as const,
  trends: (q: TrendsQuery) => ['trends', 'counts', q] as const,
  signals: ['trends', 'signals'] as const,
  rules: ['trends', 'rules'] as const,
  similar: (id: string) => ['trends', 'similar', id] as const,
};

/** Complaints per month by product and code, with the period's signals. */
export function useTrends(query: TrendsQuery) {
  return useQuery({
    queryKey: trendsKeys.trends(query),
    queryFn: ({ signal }) => api(trendsApi.get, { query, signal, fallback: 'Failed to load the trends' }),
    placeholderData: keepPreviousData,
  });
}

/** The signals that still hold (the dashboard card). */
export function useHoldingSignals(enabled: boolean) {
  return useQuery({
    queryKey: trendsKeys.signals,
    queryFn: ({ signal }) => api(trendsApi.signals, { signal, fallback: 'Failed to load the trend signals' }),
    select: (data) => data.results,
    enabled,
  });
}

export function useRules() {
  return useQuery({
    queryKey: trendsKeys.rules,
    queryFn: ({ signal }) => api(trendsApi.rules, { signal, fallback: 'Failed to load the signal rules' }),
    select: (data) => data.results,
  });
}

/** Saves a rule (a new one without an id); everything trends shows is read again after it. */
export function useSaveRule() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SignalRuleBody }) =>
      id === null ? api(trendsApi.createRule, { body, fallback: 'Failed to save the rule' }) : api(trendsApi.updateRule, { params: { ruleId: id }, body, fallback: 'Failed to save the rule' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: trendsKeys.all }),
  });
}

export function useDeleteRule() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (id: string) => api(trendsApi.deleteRule, { params: { ruleId: id }, fallback: 'Failed to remove the rule' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: trendsKeys.all }),
  });
}

/** Complaints like this one (same product and device-problem code, last 12 months). */
export function useSimilar(id: string) {
  return useQuery({
    queryKey: trendsKeys.similar(id),
    queryFn: ({ signal }) => api(trendsApi.similar, { params: { id }, signal, fallback: 'Failed to load similar complaints' }),
  });
}
