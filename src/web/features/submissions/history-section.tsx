import { messageOf } from '../../lib/api-client.ts';
import { formatMoment, parseUtc } from '../../lib/dates.ts';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { useHistory } from './api.ts';
import { changeValue, fieldLabel, historySentence } from './history-format.ts';

/** Long values (a follow-up, a rationale) stay readable without pushing the timeline wide. */
const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);

/** What happened to the submission, newest first: who, what, when, and each field's before → after. */
export function HistorySection({ id }: { id: string }) {
  const history = useHistory(id);
  let body;
  if (history.isPending) body = <LoadingState text="Loading history..." />;
  else if (history.isError) body = <ErrorState message={messageOf(history.error, 'Failed to load the history')} />;
  else if (history.data.length === 0) body = <p className="rounded-lg bg-white px-4 py-3 text-sm text-slate-600 ring-1 ring-slate-200">Nothing has been recorded yet.</p>;
  else
    body = (
      <ol className="relative space-y-4 border-l-2 border-slate-200 pl-5">
        {history.data.map((entry, index) => {
          const at = parseUtc(entry.at);
          return (
            <li key={`${entry.at}-${index}`} className="relative">
              <span aria-hidden="true" className="absolute top-1.5 -left-[1.72rem] size-3 rounded-full bg-brand-600 ring-4 ring-slate-50" />
              <p className="text-sm text-slate-900">
                <span className="font-medium">{historySentence(entry)}</span>
                <span className="text-slate-600">
                  {' — '}
                  <time dateTime={Number.isNaN(at.getTime()) ? undefined : at.toISOString()} className="tabular-nums">
                    {formatMoment(entry.at)}
                  </time>
                </span>
              </p>
              {entry.changes.length > 0 && (
                <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
                  {entry.changes.map((change, i) => (
                    <li key={`${change.field}-${i}`} className="wrap-anywhere">
                      <span className="font-medium text-slate-800">{fieldLabel(change.field)}</span>: <span>{clip(changeValue(change.before, change.field))}</span>
                      <span aria-hidden="true"> → </span>
                      <span className="sr-only"> changed to </span>
                      <span>{clip(changeValue(change.after, change.field))}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    );
  return (
    <section aria-labelledby="history-title" className="mb-8">
      <h2 id="history-title" className="mb-3 text-lg font-semibold text-slate-900">
        History
      </h2>
      {body}
    </section>
  );
}
