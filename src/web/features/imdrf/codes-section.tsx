import { IMDRF_ANNEX_NAMES, type SubmissionCode } from '#shared/contract/imdrf';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { Icon } from '../../ui/icons.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { useSetCodes, useSubmissionCodes } from './api.ts';
import { CodePicker } from './code-picker.tsx';

interface Props {
  id: string;
  /** A closed complaint is read-only: its codes are shown, not changed. */
  closed: boolean;
  afterWrite: (id: string) => void;
}

/** The complaint's IMDRF codes (docs/features/coding.md): each with its release, who coded it and when; added with the picker, removed one by one. */
export function CodesSection({ id, closed, afterWrite }: Props) {
  const codes = useSubmissionCodes(id);
  const save = useSetCodes(afterWrite);
  const current = codes.data ?? [];
  const set = (next: string[], done: string) =>
    save.mutate(
      { id, codes: next },
      {
        onSuccess: () => toast.success(done),
        onError: (err) => toast.error(messageOf(err, 'Failed to save the IMDRF codes')),
      },
    );

  return (
    <section aria-labelledby="codes-title" className="mb-6 rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:p-5">
      <h2 id="codes-title" className="text-base font-semibold text-slate-900">
        IMDRF codes
      </h2>
      <p className="mt-0.5 text-sm text-slate-600">Device problem (Annex A), clinical signs (E), health impact (F) and, once investigated, investigation type and finding (C, D).</p>
      {codes.isPending ? (
        <LoadingState text="Loading the codes..." />
      ) : codes.isError ? (
        <ErrorState message={messageOf(codes.error, 'Failed to load the IMDRF codes')} onRetry={() => void codes.refetch()} />
      ) : (
        <>
          {current.length === 0 ? (
            <p className="mt-3 text-sm text-slate-700">Not coded yet.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100" aria-label="Codes of this complaint">
              {current.map((c: SubmissionCode) => (
                <li key={c.code} className="flex items-start gap-3 py-2 text-sm">
                  <span className="min-w-0 flex-1">
                    <span className="font-mono text-xs text-slate-700">{c.code}</span> <span className="font-medium text-slate-900">{c.term}</span>
                    <span className="text-slate-600"> · Annex {c.annex}, {IMDRF_ANNEX_NAMES[c.annex]}</span>
                    <span className="mt-0.5 block text-xs text-slate-600">
                      {c.release} · coded by {c.codedBy?.name ?? 'a removed user'}, <DateTime value={c.codedAt} />
                    </span>
                  </span>
                  {!closed && (
                    <button
                      type="button"
                      className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:text-slate-300"
                      aria-label={`Remove ${c.code} ${c.term}`}
                      disabled={save.isPending}
                      onClick={() => set(current.filter((x) => x.code !== c.code).map((x) => x.code), `${c.code} removed`)}
                    >
                      <Icon name="close" className="size-4" />
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {!closed && (
            <div className="mt-3 max-w-2xl">
              <CodePicker taken={new Set(current.map((c) => c.code))} disabled={save.isPending} onPick={(c) => set([...current.map((x) => x.code), c.code], `${c.code} ${c.term} added`)} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
