import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ScreeningQuestionsBody, triageApi } from '#shared/contract/triage';
import { api } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

const keys = { screening: ['triage', 'screening'] as const };

/** The form's screening questions (admins, on the field-mapping screen). */
export function useScreeningQuestions() {
  return useQuery({ queryKey: keys.screening, queryFn: ({ signal }) => api(triageApi.screening, { signal, fallback: 'Failed to load the screening questions' }) });
}

export function useSaveScreeningQuestions() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: ScreeningQuestionsBody) => api(triageApi.setScreening, { body, fallback: 'Failed to save the screening questions' }),
    onSuccess: (data) => queryClient.setQueryData(keys.screening, data),
  });
}
