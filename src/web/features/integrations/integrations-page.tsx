import type { IntegrationsStatus } from '#shared/contract/integrations';
import { messageOf } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ErrorState, LoadingState } from '../../ui/states.tsx';
import { INTEGRATIONS_FETCH_FAILED, useIntegrations } from './api.ts';
import { ArenaCard, MailCard } from './connection-cards.tsx';
import { JotformCard } from './jotform-card.tsx';

const MODES: Record<IntegrationsStatus['mode'], { title: string; text: string }> = {
  sandbox: {
    title: 'Sandbox mode',
    text: 'JotForm and Arena QMS are emulators on this machine, and mail stays in the outbox: nothing leaves the machine.',
  },
  live: { title: 'Live', text: 'The portal works with the real JotForm and Arena QMS.' },
};

function ModeNotice({ mode }: { mode: IntegrationsStatus['mode'] }) {
  return (
    <div role="note" aria-label="Mode" className="mb-6 flex gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-brand-900">
      <Icon name="info" className="mt-0.5 size-5 shrink-0 text-brand-700" />
      <p>
        <span className="font-semibold">{MODES[mode].title}.</span> {MODES[mode].text}
      </p>
    </div>
  );
}

/** Admins: how the connections to JotForm, Arena QMS and the mail server stand (docs/features/integrations.md). */
export function IntegrationsPage() {
  const status = useIntegrations();
  const refresh = (
    <Button variant="secondary" onClick={() => void status.refetch()} disabled={status.isPending} busy={status.isFetching && !status.isPending} busyText="Refreshing...">
      <Icon name="refresh" className="size-4" />
      Refresh
    </Button>
  );
  const asOf = status.data ? `As of ${formatDateTime(new Date(status.dataUpdatedAt))}.` : undefined;
  return (
    <>
      <PageHeader title="Integrations" description={<>The connections to JotForm, Arena QMS and the mail server. {asOf}</>} actions={refresh} />
      {status.isPending ? (
        <LoadingState text="Loading integrations..." />
      ) : !status.data ? (
        <ErrorState message={messageOf(status.error, INTEGRATIONS_FETCH_FAILED)} action={<Button variant="secondary" onClick={() => void status.refetch()}>Try again</Button>} />
      ) : (
        <>
          {status.isError && (
            <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
              <span className="font-semibold">Could not refresh: the figures below are from the last successful read.</span>{' '}
              {messageOf(status.error, INTEGRATIONS_FETCH_FAILED)}
            </p>
          )}
          <ModeNotice mode={status.data.mode} />
          <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-3">
            <JotformCard jotform={status.data.jotform} />
            <ArenaCard arena={status.data.arena} />
            <MailCard mail={status.data.mail} />
          </div>
        </>
      )}
    </>
  );
}
