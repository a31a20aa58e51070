import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { imdrfApi } from '#shared/contract/imdrf';
import { api } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { trendsKeys } from '../trends/index.ts';

export const imdrfKeys = {
  search: (text: string) => ['imdrf', 'search', text] as const,
  codes: (id: string) => ['imdrf', 'codes', id] as const,
};

/** Terms of the shipped terminology matching `text` (nothing is asked while it is empty). */
export function useCodeSearch(text: string) {
  const search = text.trim();
  return useQuery({
    queryKey: imdrfKeys.search(search),
    queryFn: ({ signal }) => api(imdrfApi.codes, { query: { search, limit: 30 }, signal, fallback: 'Failed to search the IMDRF terms' }),
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

/** A complaint's IMDRF codes. */
export function useSubmissionCodes(id: string) {
  return useQuery({
    queryKey: imdrfKeys.codes(id),
    queryFn: ({ signal }) => api(imdrfApi.submissionCodes, { params: { id }, signal, fallback: 'Failed to load the IMDRF codes' }),
    select: (data) => data.results,
  });
}

/** Sets a complaint's codes (the whole set); its history, similar complaints and trends read them again. */
export function useSetCodes(afterWrite: (id: string) => void) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ id, codes }: { id: string; codes: string[] }) => api(imdrfApi.setCodes, { params: { id }, body: { codes }, fallback: 'Failed to save the IMDRF codes' }),
    onSuccess: (data, vars) => queryClient.setQueryData(imdrfKeys.codes(vars.id), data),
    onSettled: (_data, _error, vars) => {
      void queryClient.invalidateQueries({ queryKey: imdrfKeys.codes(vars.id) });
      void queryClient.invalidateQueries({ queryKey: trendsKeys.all });
      afterWrite(vars.id);
    },
  });
}
