import { useState } from 'react';
import { type Closure, REPLY_CHANNEL_LABELS } from '#shared/contract/closure';
import { formatMoment } from '../../lib/dates.ts';
import { Button } from '../../ui/button.tsx';
import { SignatureLine } from '../signatures/index.ts';
import { InvestigationDialog } from './investigation-dialog.tsx';
import { ReplyDialog } from './reply-dialog.tsx';

interface Props {
  id: string;
  closure: Closure;
  afterWrite: (id: string) => void;
  today: string;
}

const card = 'rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200';

function InvestigationCard({ closure, onRecord }: { closure: Closure; onRecord: (() => void) | null }) {
  const inv = closure.investigation;
  return (
    <div className={card}>
      <div className="flex items-start justify-between gap-3">
        <h3 id="investigation-title" className="text-base font-semibold text-slate-900">Investigation</h3>
        {onRecord && (
          <Button size="sm" variant="secondary" onClick={onRecord}>
            {inv ? 'Record again' : 'Record investigation'}
          </Button>
        )}
      </div>
      {!inv ? (
        <p className="mt-2 text-sm text-slate-600">Not recorded yet: record the investigation, or why there was none.</p>
      ) : (
        <div className="mt-2 space-y-1.5 text-sm text-slate-800">
          {inv.outcome === 'investigated' ? (
            <>
              <p className="whitespace-pre-wrap wrap-anywhere">{inv.summary}</p>
              <p>
                <span className="font-medium">Result:</span> <span className="wrap-anywhere">{inv.result}</span>
              </p>
            </>
          ) : (
            <p>
              <span className="font-medium">No investigation.</span> <span className="whitespace-pre-wrap wrap-anywhere">{inv.reason}</span>
            </p>
          )}
          <p className="text-slate-600">
            {inv.outcome === 'investigated' ? 'Recorded' : 'Decided'} by {inv.decidedBy?.name ?? 'the portal'} — {formatMoment(inv.at)}
          </p>
          <SignatureLine signature={closure.signatures.find((s) => s.kind === 'investigation' && s.at >= inv.at)} />
        </div>
      )}
    </div>
  );
}

function ReplyCard({ closure, onRecord }: { closure: Closure; onRecord: (() => void) | null }) {
  const reply = closure.reply;
  return (
    <div className={card}>
      <div className="flex items-start justify-between gap-3">
        <h3 id="reply-title" className="text-base font-semibold text-slate-900">Reply to the complainant</h3>
        {onRecord && (
          <Button size="sm" variant="secondary" onClick={onRecord}>
            {reply ? 'Record again' : 'Record reply'}
          </Button>
        )}
      </div>
      {!reply ? (
        <p className="mt-2 text-sm text-slate-600">Not recorded yet: record the reply, or why none is needed.</p>
      ) : (
        <div className="mt-2 space-y-1.5 text-sm text-slate-800">
          {reply.outcome === 'replied' ? (
            <>
              <p>
                <span className="tabular-nums">{reply.repliedOn}</span> by {reply.channel ? REPLY_CHANNEL_LABELS[reply.channel] : '-'}
              </p>
              <p className="whitespace-pre-wrap wrap-anywhere">{reply.text}</p>
            </>
          ) : (
            <p>
              <span className="font-medium">No reply needed.</span> <span className="whitespace-pre-wrap wrap-anywhere">{reply.reason}</span>
            </p>
          )}
          <p className="text-slate-600">
            Recorded by {reply.recordedBy?.name ?? 'the portal'} — {formatMoment(reply.at)}
          </p>
        </div>
      )}
    </div>
  );
}

/** The investigation (signed) and the reply to the complainant, each with how to record it while the complaint is open. */
export function InvestigationReplySection({ id, closure, afterWrite, today }: Props) {
  const [open, setOpen] = useState<{ kind: 'investigation' | 'reply'; key: number } | null>(null);
  const [shown, setShown] = useState(false);
  const start = (kind: 'investigation' | 'reply') => () => {
    setOpen({ kind, key: Date.now() });
    setShown(true);
  };
  const writable = !closure.closed;
  return (
    <section aria-labelledby="investigation-reply-title" className="mb-8">
      <h2 id="investigation-reply-title" className="mb-3 text-lg font-semibold text-slate-900">
        Investigation and reply
      </h2>
      <div className="grid gap-3 lg:grid-cols-2">
        <InvestigationCard closure={closure} onRecord={writable ? start('investigation') : null} />
        <ReplyCard closure={closure} onRecord={writable ? start('reply') : null} />
      </div>
      {open?.kind === 'investigation' && <InvestigationDialog key={open.key} id={id} open={shown} onClose={() => setShown(false)} afterWrite={afterWrite} />}
      {open?.kind === 'reply' && <ReplyDialog key={open.key} id={id} open={shown} onClose={() => setShown(false)} afterWrite={afterWrite} today={today} />}
    </section>
  );
}
