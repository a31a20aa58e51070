import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { qualityProcessApi } from '#shared/contract/quality-process';
import { submissionsApi } from '#shared/contract/submissions';
import { api } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

export const qualityProcessKeys = {
  steps: (id: string) => ['quality-process', 'steps', id] as const,
  preview: (id: string, chTitle: string) => ['quality-process', 'preview', id, chTitle] as const,
};

/** What the transfer would send each mapped Arena field now, with `chTitle` as the process's title. */
export function useTransferPreview(id: string, chTitle: string, enabled: boolean) {
  return useQuery({
    queryKey: qualityProcessKeys.preview(id, chTitle),
    queryFn: ({ signal }) =>
      api(qualityProcessApi.preview, { params: { id }, query: chTitle ? { chTitle } : {}, signal, fallback: { failed: 'Failed to fetch the preview', thrown: 'An error occurred while fetching the preview' } }),
    enabled,
    select: (data) => data.results,
    placeholderData: keepPreviousData,
    // Answers and mappings may change between openings of the dialog: never an old preview.
    staleTime: 0,
  });
}

/**
 * Called once a write on a submission's quality process has settled, success or not: the screen
 * showing the submission reloads it (docs/product.md, Statuses). The submissions feature passes its own reload.
 */
export type AfterWrite = (submissionId: string) => void;

/** Quality process data: 'Failed to fetch data' (error reply), else the thrown text. */
export function useQualityProcessSteps(id: string, enabled: boolean) {
  return useQuery({
    queryKey: qualityProcessKeys.steps(id),
    queryFn: ({ signal }) => api(qualityProcessApi.steps, { params: { id }, signal, fallback: { failed: 'Failed to fetch data', thrown: 'An error occurred while fetching data' } }),
    enabled: enabled && !!id,
    select: (data) => data.results,
  });
}

/** Create (a name) or Retry (RETRY_TITLE) the quality process of a submission. */
export function useCreateQualityProcess(fallback: string, afterWrite: AfterWrite) {
  return useSingleFlightMutation({
    mutationFn: ({ id, chTitle }: { id: string; chTitle: string }) => api(qualityProcessApi.create, { params: { id }, body: { chTitle }, fallback }),
    // Not awaited: the dialog closes as soon as the write is done; the reload follows on its own.
    onSettled: (_data, _error, vars) => afterWrite(vars.id),
  });
}

/**
 * What a successful create or retry says beside the spec's 'Status updated successfully': the CH
 * number Arena gave the new process, or why there is none (the create answers 204, so the
 * submission is read back).
 */
export async function createdProcessText(id: string): Promise<string | undefined> {
  try {
    const submission = await api(submissionsApi.get, { params: { id }, fallback: 'Error Fetching Submission' });
    if (submission.chNumber) return `Quality process ${submission.chNumber} created in Arena.`;
    if (submission.submissionStatus === 'Transfer Error') return `The transfer to Arena failed: ${submission.transferError || 'no reason was recorded'}.`;
    return undefined;
  } catch {
    // The write went through; only the read-back failed, and the screen reloads anyway.
    return undefined;
  }
}
