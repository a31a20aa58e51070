import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FieldMappingBody, fieldMappingApi } from '#shared/contract/field-mapping';
import type { Question } from '#shared/contract/questions';
import { qualityProcessApi } from '#shared/contract/quality-process';
import { api } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { useQuestions } from '../questions/index.ts';
import { useReviewedForm, useSubmissionsList } from '../submissions/index.ts';

export const fieldMappingKeys = {
  all: ['field-mapping'] as const,
  list: ['field-mapping', 'list'] as const,
  preprocessing: ['field-mapping', 'preprocessing-functions'] as const,
  templateSteps: ['arena', 'template-steps'] as const,
  preview: (submissionId: string, draft: PreviewDraft | null) => ['field-mapping', 'preview', submissionId, draft] as const,
};

/** An unsaved mapping previewed in place of the saved one with its id (null: a new one). */
export interface PreviewDraft {
  id: string | null;
  mapping: FieldMappingBody;
}

/** What each mapped field would receive from the submission (the transfer's own values). */
export function useMappingPreview(submissionId: string, draft: PreviewDraft | null = null) {
  return useQuery({
    queryKey: fieldMappingKeys.preview(submissionId, draft),
    queryFn: ({ signal }) =>
      api(fieldMappingApi.preview, { body: { submissionId, ...(draft ? { draft } : {}) }, signal, fallback: { failed: 'Failed to fetch the preview', thrown: 'An error occurred while fetching the preview' } }),
    enabled: submissionId !== '',
    select: (data) => data.results,
    placeholderData: keepPreviousData,
  });
}

/** The newest submissions, to test the mappings with. */
export function useSubmissionChoices() {
  const form = useReviewedForm();
  return useSubmissionsList(form.data?.id, { page: 1, limit: 50, sortBy: 'submissionDate:desc' });
}

export function useMappings() {
  return useQuery({
    queryKey: fieldMappingKeys.list,
    queryFn: ({ signal }) => api(fieldMappingApi.list, { signal, fallback: { failed: 'Failed to fetch field mappings', thrown: 'An error occurred while fetching field mappings' } }),
    select: (data) => data.results,
  });
}

/** The fixed registry: read once per session. */
export function usePreprocessingFunctions() {
  return useQuery({
    queryKey: fieldMappingKeys.preprocessing,
    queryFn: ({ signal }) => api(fieldMappingApi.preprocessingFunctions, { signal, fallback: 'Failed to fetch preprocessing functions' }),
    select: (data) => data.results,
    staleTime: Infinity,
  });
}

/** The configured Arena template's steps and their attributes (the fields a mapping can fill). */
export function useTemplateSteps() {
  return useQuery({
    queryKey: fieldMappingKeys.templateSteps,
    queryFn: ({ signal }) =>
      api(qualityProcessApi.templateSteps, { signal, fallback: { failed: 'Failed to fetch the quality process template', thrown: 'An error occurred while fetching the quality process template' } }),
    select: (data) => [...data.results].sort((a, b) => a.order - b.order),
    // The template changes rarely; the server caches it for minutes too.
    staleTime: 5 * 60_000,
  });
}

/** Headings, buttons and captchas carry no answer of the reporter's, so they are never offered for mapping. */
const UNMAPPABLE_TYPES = new Set(['control_head', 'control_button', 'control_captcha']);
export function mappableQuestions(questions: readonly Question[]): Question[] {
  return questions.filter((q) => !UNMAPPABLE_TYPES.has(q.type));
}

/** Every question of the reviewed form (for names in the list) and the ones a mapping can use. */
export function useFormQuestions() {
  const form = useReviewedForm();
  const questions = useQuestions(form.data?.id);
  return {
    all: questions.data,
    mappable: questions.data ? mappableQuestions(questions.data) : undefined,
    isPending: form.isPending || (!!form.data && questions.isPending),
    error: form.error ?? questions.error,
    refetch: () => void (form.isError ? form.refetch() : questions.refetch()),
  };
}

/** The list, and every preview made with the mappings as they were. */
const madeWithMappings = ({ queryKey }: { queryKey: readonly unknown[] }) => queryKey[0] === 'field-mapping' && (queryKey[1] === 'list' || queryKey[1] === 'preview');

/** Create and update both toast 'Mapping Updated!'; failures the server's message or 'Update failed'. */
export function useSaveMapping() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ id, body }: { id: string | null; body: FieldMappingBody }) =>
      id ? api(fieldMappingApi.update, { params: { id }, body, fallback: 'Update failed' }) : api(fieldMappingApi.create, { body, fallback: 'Update failed' }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: madeWithMappings }),
  });
}

export function useDeleteMapping() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    // The toast puts 'Failed to delete mapping:' before this text, so the fallback only says why.
    mutationFn: (id: string) => api(fieldMappingApi.remove, { params: { id }, fallback: { failed: 'the server refused the request.', thrown: 'the server could not be reached.' } }),
    onSettled: () => queryClient.invalidateQueries({ predicate: madeWithMappings }),
  });
}
