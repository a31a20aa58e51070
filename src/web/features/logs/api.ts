import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogEntry, logsApi } from '#shared/contract/logs';
import type { ResponseOf } from '#shared/contract/endpoints';
import { api } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

export const logsKeys = {
  list: ['logs', 'list'] as const,
};

/** `logs` is an array of JSON strings; one that does not parse is skipped, not fatal. */
export function parseLogs(logs: readonly string[]): LogEntry[] {
  const entries: LogEntry[] = [];
  for (const line of logs) {
    try {
      const parsed = LogEntry.safeParse(JSON.parse(line));
      if (parsed.success) entries.push(parsed.data);
    } catch {
      // Not JSON: nothing to show for it.
    }
  }
  return entries;
}

export function useLogs() {
  return useQuery({
    queryKey: logsKeys.list,
    queryFn: ({ signal }) => api(logsApi.list, { signal, fallback: { failed: 'Failed to fetch logs', thrown: 'An error occurred while fetching logs' } }),
    select: (data) => parseLogs(data.logs),
  });
}

export function useClearLogs() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => api(logsApi.clear, { fallback: 'Failed to clear logs' }),
    // The log is empty now; Clear stays disabled until a later fetch brings new entries.
    onSuccess: () => queryClient.setQueryData<ResponseOf<typeof logsApi.list>>(logsKeys.list, { logs: [] }),
  });
}
