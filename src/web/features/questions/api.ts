import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Question, questionsApi } from '#shared/contract/questions';
import { api } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

export const questionsKeys = {
  all: ['questions'] as const,
  list: (formId: string) => [...questionsKeys.all, formId] as const,
};

export const QUESTIONS_FETCH_FAILED = 'Failed to fetch form questions';

/** The form's questions in the server's order; `formId` undefined waits for the form. */
export function useQuestions(formId: string | undefined) {
  return useQuery({
    queryKey: questionsKeys.list(formId ?? ''),
    queryFn: ({ signal }) =>
      api(questionsApi.list, { params: { formId: formId ?? '' }, signal, fallback: { failed: QUESTIONS_FETCH_FAILED, thrown: 'An error occurred during fetching form questions' } }),
    select: (data) => data.results,
    enabled: !!formId,
  });
}

export interface NewQuestion {
  text: string;
  order: number;
  type: string;
}

export function useAddQuestion(formId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: NewQuestion) =>
      api(questionsApi.add, { params: { formId }, body, fallback: { failed: 'Failed to add form question', thrown: 'An error occurred during adding form question' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionsKeys.list(formId) }),
  });
}

export function useDeleteQuestion(formId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (questionId: string) => api(questionsApi.remove, { params: { formId, questionId }, fallback: 'Question Deletion failed' }),
    // A failed delete may still have removed it in JotForm (a time-out): reload either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionsKeys.list(formId) }),
  });
}

/** ADR 004: saves the order shown (every question's qid, top to bottom). */
export function useSaveQuestionOrder(formId: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (order: string[]) => api(questionsApi.reorder, { params: { formId }, body: { order }, fallback: 'Failed to save the question order' }),
    // The numbers the server has just written (position + 1), at once: the list does not flash the
    // old, unsaved numbering while it reloads.
    onSuccess: (_data, order) =>
      queryClient.setQueryData<{ results: Question[] }>(questionsKeys.list(formId), (old) =>
        old ? { results: order.flatMap((qid, i) => old.results.filter((q) => q.qid === qid).map((q) => ({ ...q, order: i + 1 }))) } : old,
      ),
    // Some questions may have moved before a failure; the list shows what JotForm holds now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionsKeys.list(formId) }),
  });
}
