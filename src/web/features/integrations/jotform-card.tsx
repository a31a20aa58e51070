import type { IntegrationsStatus } from '#shared/contract/integrations';
import { Card, ErrorText, Fact, When } from './card.tsx';
import { UPDATED_AT_FILTER, countOrUnknown, durationText, fewCallsLeft, firstSyncProgress, jotformHealth, pollIntervalText, syncRows } from './status.ts';

type Jotform = IntegrationsStatus['jotform'];

/** The first pull of the form's submissions: a bar while it runs, what it took once done. */
function FirstSyncFact({ first }: { first: NonNullable<Jotform['firstSync']> }) {
  const calls = `${first.calls.toLocaleString()} ${first.calls === 1 ? 'call' : 'calls'}`;
  if (first.done) {
    return (
      <Fact label="First sync">
        Done: {firstSyncProgress(first)} in {calls}
        {first.doneAt && (
          <span className="text-slate-600">
            {' · '}
            <When at={first.doneAt} never="" />
          </span>
        )}
      </Fact>
    );
  }
  const percent = first.total ? Math.min(100, Math.floor((100 * first.imported) / Math.max(1, first.total))) : null;
  return (
    <Fact label="First sync">
      <span className="block">
        {firstSyncProgress(first)}, {calls} so far
        {first.secondsLeft !== null && <span className="text-slate-600">, about {durationText(first.secondsLeft)} left</span>}
      </span>
      {percent !== null && (
        <span
          role="progressbar"
          aria-label="First sync"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-2 block h-2 overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-200"
        >
          <span className="block h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
        </span>
      )}
    </Fact>
  );
}

/** JotForm: the last poll, the day's quota and the pace that keeps the portal within its share. */
export function JotformCard({ jotform }: { jotform: Jotform }) {
  const sync = jotform.lastSync;
  const limit = jotform.dailyLimit;
  const share = limit === null ? null : Math.floor(limit * jotform.quotaShare);
  return (
    <Card id="jotform" title="JotForm" health={jotformHealth(jotform)}>
      <Fact label="Last sync">
        <When at={sync?.at ?? null} never="Not synced yet" />
        {sync && (sync.outcome === 'ok' ? <span className="text-slate-600"> · succeeded</span> : <ErrorText> · failed</ErrorText>)}
      </Fact>
      {sync && <Fact label="Rows">{syncRows(sync.inserted, sync.updated)}</Fact>}
      {sync?.error && (
        <Fact label="Error">
          <ErrorText>{sync.error}</ErrorText>
        </Fact>
      )}
      {jotform.firstSync && <FirstSyncFact first={jotform.firstSync} />}
      <Fact label="API calls left today">
        <span className="tabular-nums">
          {fewCallsLeft(jotform) ? <ErrorText>{countOrUnknown(jotform.callsLeftToday)}</ErrorText> : countOrUnknown(jotform.callsLeftToday)}
          {limit !== null && jotform.callsLeftToday !== null && ` of ${limit.toLocaleString()}`}
        </span>
        {fewCallsLeft(jotform) && <span className="mt-0.5 block text-slate-600">Less than a tenth left: the poll waits for the reset, and admins were told by e-mail.</span>}
      </Fact>
      <Fact label="Daily limit">
        {limit === null ? (
          <span className="text-slate-600">Not known yet: JotForm says it with its first answer</span>
        ) : (
          <>
            <span className="tabular-nums">{limit.toLocaleString()}</span> calls a day for the whole account
            <span className="mt-0.5 block text-slate-600">
              The portal uses at most {Math.round(jotform.quotaShare * 100)} % ({share?.toLocaleString()}); {jotform.callsToday.toLocaleString()} used today.
            </span>
          </>
        )}
      </Fact>
      <Fact label="Resets">
        <When at={jotform.resetsAt} never="" />
        <span className="text-slate-600"> (midnight US Eastern)</span>
      </Fact>
      <Fact label="Poll">
        {pollIntervalText(jotform.pollIntervalSeconds)}
        {jotform.callsPerPoll !== null && (
          <span className="mt-0.5 block text-slate-600">
            {jotform.callsPerPoll.toLocaleString(undefined, { maximumFractionDigits: 2 })} calls a poll on average today; new submissions arrive between polls by webhook.
          </span>
        )}
      </Fact>
      <Fact label="updated_at filter">{UPDATED_AT_FILTER[jotform.updatedAtFilter]}</Fact>
      <Fact label="Form ID">
        <span className="tabular-nums">{jotform.formId}</span>
      </Fact>
    </Card>
  );
}
