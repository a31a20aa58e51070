import { Link } from 'react-router';
import { submissionPath } from '../../app/paths.ts';
import { messageOf } from '../../lib/api-client.ts';
import { Badge } from '../../ui/badge.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { useSimilar } from './api.ts';

const OUTCOME = { investigated: 'Investigated', not_investigated: 'Not investigated' } as const;

/**
 * Complaints with the same product and a device-problem code of this one in the last 12 months,
 * newest first, with their investigation: whether a similar complaint was already investigated
 * (21 CFR 820.198(c)), answered beside the investigation.
 */
export function SimilarComplaints({ id }: { id: string }) {
  const similar = useSimilar(id);
  return (
    <section aria-labelledby="similar-title" className="mb-6 rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:p-5">
      <h2 id="similar-title" className="text-base font-semibold text-slate-900">
        Similar complaints
      </h2>
      {similar.isPending ? (
        <LoadingState text="Looking for similar complaints..." />
      ) : similar.isError ? (
        <ErrorState message={messageOf(similar.error, 'Failed to load similar complaints')} onRetry={() => void similar.refetch()} />
      ) : similar.data.product === null || similar.data.codes.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          {similar.data.product === null ? 'No product is named on this complaint' : 'This complaint has no device-problem (Annex A) code yet'}: similar complaints are those with the same product and device-problem code.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {similar.data.product}, {similar.data.codes.join(' or ')}, since {similar.data.since}: {similar.data.results.length === 0 ? 'none.' : `${similar.data.results.length}, newest first.`}
          </p>
          {similar.data.results.length > 0 && (
            <ul className="mt-2 divide-y divide-slate-100 text-sm" aria-label="Similar complaints">
              {similar.data.results.map((r) => (
                <li key={r.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-start sm:gap-3">
                  <span className="shrink-0 tabular-nums text-slate-700 sm:w-24">{r.becomeAwareDate}</span>
                  <span className="min-w-0 flex-1">
                    <Link to={submissionPath(r.id)} className="font-medium text-brand-800 hover:underline">
                      {r.chNumber ?? r.submitter ?? r.id}
                    </Link>{' '}
                    <span className="text-slate-600">
                      {r.submitter} · {r.codes.join(', ')} · {r.submissionStatus}
                      {r.closed ? ' · Closed' : ''}
                    </span>
                    {r.investigation ? (
                      <span className="mt-0.5 block text-slate-800">
                        <Badge tone={r.investigation.outcome === 'investigated' ? 'green' : 'yellow'}>{OUTCOME[r.investigation.outcome]}</Badge>{' '}
                        {r.investigation.outcome === 'investigated' ? (r.investigation.result ?? r.investigation.summary) : r.investigation.reason}
                      </span>
                    ) : (
                      <span className="mt-0.5 block text-slate-600">No investigation recorded</span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
