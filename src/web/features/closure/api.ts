import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Closure, closureApi } from '#shared/contract/closure';
import type { RequestOf } from '#shared/contract/endpoints';
import { api } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

export const closureKeys = { one: (id: string) => ['closure', id] as const };

/** The closing checklist, investigation, reply, closes and reopens, and signatures of one complaint. */
export function useClosure(id: string) {
  return useQuery({ queryKey: closureKeys.one(id), queryFn: ({ signal }) => api(closureApi.get, { params: { id }, signal, fallback: 'Failed to load the closure' }) });
}

export type InvestigationBody = RequestOf<typeof closureApi.investigation>['body'];
export type ReplyBody = RequestOf<typeof closureApi.reply>['body'];
export type CloseBody = RequestOf<typeof closureApi.close>['body'];

/** A write of the closure, answered with the closure; the details page reloads after it, whatever its outcome. */
function useClosureWrite<B>(write: (id: string, body: B) => Promise<Closure>, afterWrite: (id: string) => void) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ id, body }: { id: string; body: B }) => write(id, body),
    onSuccess: (data, vars) => queryClient.setQueryData(closureKeys.one(vars.id), data),
    onSettled: (_data, _error, vars) => {
      void queryClient.invalidateQueries({ queryKey: closureKeys.one(vars.id) });
      afterWrite(vars.id);
    },
  });
}

export const useRecordInvestigation = (afterWrite: (id: string) => void) =>
  useClosureWrite((id, body: InvestigationBody) => api(closureApi.investigation, { params: { id }, body, fallback: 'Failed to record the investigation' }), afterWrite);
export const useRecordReply = (afterWrite: (id: string) => void) => useClosureWrite((id, body: ReplyBody) => api(closureApi.reply, { params: { id }, body, fallback: 'Failed to record the reply' }), afterWrite);
export const useClose = (afterWrite: (id: string) => void) => useClosureWrite((id, body: CloseBody) => api(closureApi.close, { params: { id }, body, fallback: 'Failed to close the complaint' }), afterWrite);
export const useReopen = (afterWrite: (id: string) => void) => useClosureWrite((id, body: { reason: string }) => api(closureApi.reopen, { params: { id }, body, fallback: 'Failed to reopen the complaint' }), afterWrite);
