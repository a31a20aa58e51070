import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestOf } from '#shared/contract/endpoints';
import { type Reportability, reportingApi } from '#shared/contract/reporting';
import { assessmentsApi } from '#shared/contract/reporting-assessments';
import { api } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

export const reportingKeys = {
  all: ['reporting'] as const,
  one: (id: string) => ['reporting', id] as const,
};

/** What the submission screens reload after a reporting write (the list, the details, the dashboard). */
export type AfterReportingWrite = (id: string) => void;

/** The decision, earlier decisions, filed reports and clocks of one submission. */
export function useReportability(id: string, enabled = true) {
  return useQuery({
    queryKey: reportingKeys.one(id),
    queryFn: ({ signal }) => api(reportingApi.get, { params: { id }, signal, fallback: 'Failed to load the reportability decision' }),
    enabled: enabled && !!id,
  });
}

export type DecideBody = RequestOf<typeof reportingApi.decide>['body'];
export type FileReportBody = RequestOf<typeof reportingApi.fileReport>['body'];

function useReportingWrite<V extends { id: string }>(write: (vars: V) => Promise<Reportability>, afterWrite: AfterReportingWrite) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: write,
    onSuccess: (data, vars) => queryClient.setQueryData(reportingKeys.one(vars.id), data),
    onSettled: (_data, _error, vars) => {
      void queryClient.invalidateQueries({ queryKey: reportingKeys.one(vars.id) });
      afterWrite(vars.id);
    },
  });
}

/** PUT …/reportability: a decision with its rationale. */
export function useDecide(afterWrite: AfterReportingWrite) {
  return useReportingWrite(({ id, body }: { id: string; body: DecideBody }) => api(reportingApi.decide, { params: { id }, body, fallback: 'Failed to record the decision' }), afterWrite);
}

/** POST …/reportability/reports: the report of a regime was filed (its clock closes). */
export function useFileReport(afterWrite: AfterReportingWrite) {
  return useReportingWrite(({ id, body }: { id: string; body: FileReportBody }) => api(reportingApi.fileReport, { params: { id }, body, fallback: 'Failed to record the filed report' }), afterWrite);
}

/** GET /v1/reporting/questions: the current version of the reportability questions, per regime the portal runs. */
export function useQuestionSets(enabled = true) {
  return useQuery({
    queryKey: ['reporting', 'questions'] as const,
    queryFn: ({ signal }) => api(assessmentsApi.questions, { query: {}, signal, fallback: 'Failed to load the reportability questions' }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export type AssessBody = RequestOf<typeof assessmentsApi.create>['body'];

/** POST …/assessments: the answers, kept with their version; the outcome comes back. */
export function assess(id: string, body: AssessBody) {
  return api(assessmentsApi.create, { params: { id }, body, fallback: 'Failed to record the assessment' });
}
