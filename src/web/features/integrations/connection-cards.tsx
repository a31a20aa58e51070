import { Link } from 'react-router';
import type { IntegrationsStatus } from '#shared/contract/integrations';
import type { MailStatus } from '#shared/contract/mail';
import { paths, submissionPath } from '../../app/paths.ts';
import { Card, ErrorText, Fact, When } from './card.tsx';
import { ARENA_SESSION, MAIL_DELIVERY, arenaChangeText, arenaHealth, countOrUnknown, mailHealth } from './status.ts';

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

/** The latest transfers whose process Arena keeps otherwise than it was sent, each linked to its submission. */
function ArenaChanges({ changed }: { changed: IntegrationsStatus['arena']['changedByArena'] }) {
  if (changed.length === 0) return <span className="text-slate-600">None: Arena kept what every transfer sent</span>;
  return (
    <ul className="space-y-2">
      {changed.map((c) => (
        <li key={`${c.submissionId}-${c.at}`}>
          <Link to={submissionPath(c.submissionId)} className="font-medium text-brand-800 hover:underline">
            {c.chNumber}
          </Link>
          <span className="text-slate-600">
            {' · '}
            <When at={c.at} never="" />
          </span>
          <ul className="mt-0.5 text-slate-800">
            {c.changes.map((change) => (
              <li key={change.field}>{arenaChangeText(change)}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
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
      <Fact label="Arena changed values">
        <ArenaChanges changed={arena.changedByArena} />
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
