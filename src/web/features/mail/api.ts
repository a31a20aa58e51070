import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestOf } from '#shared/contract/endpoints';
import { mailApi } from '#shared/contract/mail';
import { api } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { submissionsKeys } from '../submissions/index.ts';

export type MailListQuery = NonNullable<RequestOf<typeof mailApi.list>['query']>;

export const mailKeys = {
  all: ['mail'] as const,
  list: (query: MailListQuery) => ['mail', 'list', query] as const,
};

export function useMailList(query: MailListQuery) {
  return useQuery({
    queryKey: mailKeys.list(query),
    queryFn: ({ signal }) => api(mailApi.list, { query, signal, fallback: { failed: 'Failed to fetch mail', thrown: 'An error occurred while fetching mail' } }),
    placeholderData: keepPreviousData,
    // Queued messages change state on their own (the worker): keep the page current.
    refetchInterval: 15_000,
  });
}

/** Whom a resend of the message would go to now, asked each time the dialog opens. */
export function useResendAddressees(id: string | null) {
  return useQuery({
    queryKey: ['mail', 'resend-addressees', id] as const,
    queryFn: ({ signal }) => api(mailApi.resendAddressees, { params: { id: id! }, signal, fallback: 'Failed to find the addressees' }),
    enabled: !!id,
    staleTime: 0,
    gcTime: 0,
  });
}

/** An admin's explicit resend, to the addressees the dialog showed; the list and the submission's mail status follow. */
export function useResendMail() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ id, to }: { id: string; to: string[] }) => api(mailApi.resend, { params: { id }, body: { to }, fallback: 'Failed to resend the e-mail' }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: mailKeys.all }), queryClient.invalidateQueries({ queryKey: submissionsKeys.details })]),
  });
}
