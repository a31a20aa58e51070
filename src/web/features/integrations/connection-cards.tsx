import { Link } from 'react-router';
import type { IntegrationsStatus } from '#shared/contract/integrations';
import type { MailStatus } from '#shared/contract/mail';
import { paths } from '../../app/paths.ts';
import { Card, ErrorText, Fact, When } from './card.tsx';
import { ARENA_SESSION, MAIL_DELIVERY, UPDATED_AT_FILTER, arenaHealth, countOrUnknown, jotformHealth, mailHealth, syncRows } from './status.ts';

export function JotformCard({ jotform }: { jotform: IntegrationsStatus['jotform'] }) {
  const sync = jotform.lastSync;
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
      <Fact label="API calls left today">
        <span className="tabular-nums">{countOrUnknown(jotform.callsLeftToday)}</span>
      </Fact>
      <Fact label="updated_at filter">{UPDATED_AT_FILTER[jotform.updatedAtFilter]}</Fact>
      <Fact label="Form ID">
        <span className="tabular-nums">{jotform.formId}</span>
      </Fact>
    </Card>
  );
}

function ArenaCheck({ arena }: { arena: IntegrationsStatus['arena'] }) {
  if (!arena.configured) return <>Arena is not configured (ARENA_EMAIL, ARENA_PASSWORD, ARENA_WORKSPACE_ID, ARENA_TEMPLATE_GUID).</>;
  if (arena.problems.length > 0) {
    return (
      <ul className="list-disc space-y-1 pl-5">
        {arena.problems.map((problem) => (
          <li key={problem}>
            <ErrorText>{problem}</ErrorText>
          </li>
        ))}
      </ul>
    );
  }
  if (!arena.checkedAt) return <span className="text-slate-600">Not checked yet</span>;
  return arena.ok ? <>OK: the template, owner and number prefix are right</> : <span className="text-slate-600">Not confirmed yet</span>;
}

export function ArenaCard({ arena }: { arena: IntegrationsStatus['arena'] }) {
  return (
    <Card id="arena" title="Arena QMS" health={arenaHealth(arena)}>
      <Fact label="Set-up check">
        <ArenaCheck arena={arena} />
      </Fact>
      <Fact label="Checked">
        <When at={arena.checkedAt} never="Never" />
      </Fact>
      <Fact label="Session">{arena.session === 'refused' ? <ErrorText>{ARENA_SESSION.refused}</ErrorText> : ARENA_SESSION[arena.session]}</Fact>
      <Fact label="Requests remaining">
        <span className="tabular-nums">{countOrUnknown(arena.requestsRemaining)}</span>
      </Fact>
      <Fact label="Quota resets">
        <When at={arena.resetsAt} never="Not known yet" />
      </Fact>
    </Card>
  );
}

/** A count with a link to the Mail page showing those messages. */
function MailCount({ count, status, noun }: { count: number; status: MailStatus; noun: string }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-3">
      <span className="tabular-nums">{count.toLocaleString()}</span>
      {count > 0 && (
        <Link to={`${paths.mail}?status=${status}`} className="font-medium text-brand-800 hover:underline">
          View {noun} messages
        </Link>
      )}
    </span>
  );
}

export function MailCard({ mail }: { mail: IntegrationsStatus['mail'] }) {
  return (
    <Card id="mail" title="Mail" health={mailHealth(mail)}>
      <Fact label="Delivery">{MAIL_DELIVERY[mail.delivery]}</Fact>
      <Fact label="Queued">
        <MailCount count={mail.queued} status="queued" noun="queued" />
      </Fact>
      <Fact label="Failed">
        <MailCount count={mail.failed} status="failed" noun="failed" />
      </Fact>
      <Fact label="Last error">
        {mail.lastError ? (
          <>
            <ErrorText>{mail.lastError}</ErrorText>
            <span className="mt-0.5 block text-slate-600">
              <When at={mail.lastErrorAt} never="" />
            </span>
          </>
        ) : (
          <span className="text-slate-600">None</span>
        )}
      </Fact>
    </Card>
  );
}
