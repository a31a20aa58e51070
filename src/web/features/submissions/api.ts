import { type QueryClient, keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type FollowupAttempt, type SubmissionFilters, type SubmissionSortField, submissionsApi } from '#shared/contract/submissions';
import { ownersApi } from '#shared/contract/owners';
import { api, apiBlob } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { dashboardKeys } from '../dashboard/index.ts';
import { closureKeys } from '../closure/index.ts';
import { reportingKeys } from '../reporting/index.ts';
import type { SubmissionsListQuery } from './list-state.ts';

export const submissionsKeys = {
  all: ['submissions'] as const,
  forms: ['submissions', 'forms'] as const,
  lists: ['submissions', 'list'] as const,
  list: (formId: string, query: SubmissionsListQuery | null) => [...submissionsKeys.lists, formId, query] as const,
  details: ['submissions', 'detail'] as const,
  detail: (id: string) => [...submissionsKeys.details, id] as const,
  /** Under the detail's key, so every reload of the submission reloads its mail status too. */
  mail: (id: string) => [...submissionsKeys.details, id, 'mail'] as const,
  history: (id: string) => [...submissionsKeys.details, id, 'history'] as const,
  followups: (id: string) => [...submissionsKeys.details, id, 'followups'] as const,
};

/**
 * The list reloads after every action, whether it succeeded or not. The open details
 * page and the dashboard counters (pending reviews, transfers) follow the same change.
 */
export function reloadAfterAction(queryClient: QueryClient, id: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: submissionsKeys.lists }),
    queryClient.invalidateQueries({ queryKey: submissionsKeys.detail(id) }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    queryClient.invalidateQueries({ queryKey: reportingKeys.one(id) }),
    queryClient.invalidateQueries({ queryKey: closureKeys.one(id) }),
  ]);
}

/** reloadAfterAction for the writes another feature makes on a submission (its quality process). */
export function useReloadAfterAction(): (id: string) => void {
  const queryClient = useQueryClient();
  return useCallback((id: string) => void reloadAfterAction(queryClient, id), [queryClient]);
}

/**
 * The form the portal reviews: results[0] of GET /v1/jotforms (docs/product.md, Screens; its id is fixed in the
 * product). Its id serves the list, the export and the questions endpoints.
 */
export function useReviewedForm() {
  return useQuery({
    queryKey: submissionsKeys.forms,
    queryFn: ({ signal }) => api(submissionsApi.forms, { signal, fallback: { failed: 'Failed to fetch forms', thrown: 'An error occurred during fetching forms' } }),
    select: (data) => data.results[0] ?? null,
    staleTime: 5 * 60_000,
  });
}

/** Server paging, sorting and filters; `query` null (custom range incomplete) requests nothing. */
export function useSubmissionsList(formId: string | undefined, query: SubmissionsListQuery | null) {
  return useQuery({
    queryKey: submissionsKeys.list(formId ?? '', query),
    // Both are set whenever the query runs (`enabled`).
    queryFn: ({ signal }) => api(submissionsApi.list, { params: { formId: formId! }, query: query!, signal, fallback: 'An error occurred during fetching submissions' }),
    enabled: !!formId && !!query,
    // The current page stays on screen, dimmed, while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useSubmission(id: string) {
  return useQuery({
    queryKey: submissionsKeys.detail(id),
    queryFn: ({ signal }) => api(submissionsApi.get, { params: { id }, signal, fallback: 'Error Fetching Submission' }),
    enabled: !!id,
  });
}

/** The CSV of every submission matching the filters (no paging) in the list's order, as the server wrote it. */
export function exportSubmissionsCsv(formId: string, query: SubmissionFilters & { sortBy: `${SubmissionSortField}:${'asc' | 'desc'}` }): Promise<Blob> {
  return apiBlob(submissionsApi.exportCsv, { params: { formId }, query, fallback: { failed: 'Failed to export submissions', thrown: 'CSV download failed' } });
}

/** The complaint register of every submission matching the filters (newest first; docs/features/coding.md). */
export function exportComplaintRegister(formId: string, query: SubmissionFilters): Promise<Blob> {
  return apiBlob(submissionsApi.exportRegister, { params: { formId }, query, fallback: { failed: 'Failed to download the complaint register', thrown: 'Complaint register download failed' } });
}

/** Wraps a submission write so the list and details reload once it settles, success or not. */
function useSubmissionMutation<V extends { id: string }, R>(write: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  // Not awaited: the dialog closes as soon as the write is done; the reload follows on its own.
  return useSingleFlightMutation({ mutationFn: write, onSettled: (_data, _error, vars) => void reloadAfterAction(queryClient, vars.id) });
}

export function useSaveFollowup() {
  return useSubmissionMutation(({ id, ...body }: { id: string; followup: string } & FollowupAttempt) =>
    api(submissionsApi.createFollowup, { params: { id }, body, fallback: { failed: 'Failed to update follow-up', thrown: 'An error occurred during updating follow-up' } }),
  );
}

/**
 * The list screen sends {emailDelivered: true} to mark-reportable, the details screen
 * {reportable: true}; the server accepts both and ignores the body (docs/product.md, The API).
 */
export function useMarkReportable(from: 'list' | 'details') {
  return useSubmissionMutation(({ id }: { id: string }) =>
    api(submissionsApi.markReportable, {
      params: { id },
      body: from === 'list' ? { emailDelivered: true } : { reportable: true },
      fallback: { failed: 'Failed to mark as reportable', thrown: 'An error occurred during marking as reportable' },
    }),
  );
}

export function useReview() {
  return useSubmissionMutation(({ id, decision, reason, notReportable, decideLater }: { id: string; decision: 'approve' | 'deny'; reason?: string; notReportable?: true; decideLater?: true }) =>
    api(submissionsApi.review, {
      params: { id },
      body: decision === 'deny' ? { decision, reason, ...(notReportable ? { notReportable } : {}) } : { decision, ...(decideLater ? { decideLater } : {}) },
      fallback: 'Error updating status',
    }),
  );
}

/** What happened to the submission, newest first (the audit trail's entries for it). */
export function useHistory(id: string) {
  return useQuery({
    queryKey: submissionsKeys.history(id),
    queryFn: ({ signal }) => api(submissionsApi.history, { params: { id }, signal, fallback: 'Failed to load the history' }),
    select: (data) => data.results,
    enabled: !!id,
  });
}

/** Every follow-up note, newest first. */
export function useFollowups(id: string, enabled = true) {
  return useQuery({
    queryKey: submissionsKeys.followups(id),
    queryFn: ({ signal }) => api(submissionsApi.followups, { params: { id }, signal, fallback: 'Failed to load earlier follow-ups' }),
    select: (data) => data.results,
    enabled: enabled && !!id,
  });
}

/** The people who can own a submission (every user who is not restricted), by name. */
export function useOwners() {
  return useQuery({
    queryKey: [...submissionsKeys.all, 'owners'] as const,
    queryFn: ({ signal }) => api(ownersApi.list, { signal, fallback: 'Failed to load the people who can own submissions' }),
    select: (data) => data.results,
    staleTime: 60_000,
  });
}

/** Assign (a user's id), take (one's own id) or unassign (null), guarded by the owner the page showed. */
export function useAssignOwner() {
  return useSubmissionMutation(({ id, userId, expectedOwnerId }: { id: string; userId: string | null; expectedOwnerId: string | null }) =>
    api(ownersApi.assign, { params: { id }, body: { userId, expectedOwnerId }, fallback: 'Failed to change the owner' }),
  );
}
