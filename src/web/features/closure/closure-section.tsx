import { useState } from 'react';
import { CONDITION_LABELS, type Closure, type ClosureCondition } from '#shared/contract/closure';
import { formatMoment } from '../../lib/dates.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { SignatureLine } from '../signatures/index.ts';
import { CloseDialog, ReopenDialog } from './close-dialogs.tsx';

/** Where on the details page each condition is met: the heading its link leads to. */
const WHERE: Record<ClosureCondition, { target: string; text: string }> = {
  decision: { target: 'reportability-title', text: 'Go to Reportability' },
  reports: { target: 'reportability-title', text: 'Go to the reporting clocks' },
  investigation: { target: 'investigation-title', text: 'Go to Investigation' },
  reply: { target: 'reply-title', text: 'Go to Reply' },
  transfer: { target: 'details-actions', text: 'Go to the review and transfer actions' },
};

const KIND_TEXT = { reportability: 'Reportability decision', investigation: 'Investigation', closure: 'Closure' } as const;

interface Props {
  id: string;
  closure: Closure;
  afterWrite: (id: string) => void;
}

/** The closing checklist, each missing item linked to where it is done; Close (signed) or, once closed, Reopen. */
export function ClosureSection({ id, closure, afterWrite }: Props) {
  const [open, setOpen] = useState<{ kind: 'close' | 'reopen'; key: number } | null>(null);
  const [shown, setShown] = useState(false);
  const start = (kind: 'close' | 'reopen') => {
    setOpen({ kind, key: Date.now() });
    setShown(true);
  };
  const lastClose = closure.events.find((e) => e.action === 'close');
  const ready = closure.missing.length === 0;
  return (
    <section aria-labelledby="closure-title" className="mb-8">
      <h2 id="closure-title" className="mb-3 text-lg font-semibold text-slate-900">
        Closure
      </h2>
      <div className="space-y-4 rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200">
        {closure.closed && lastClose ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="text-sm">
              <p className="flex items-center gap-1.5 text-base font-semibold text-green-900">
                <Icon name="lock" className="size-5" />
                Closed {closure.closedAt && `on ${formatMoment(closure.closedAt)}`} by {lastClose.by?.name ?? 'the portal'}
              </p>
              <p className="mt-1 whitespace-pre-wrap text-slate-800 wrap-anywhere">{lastClose.text}</p>
              <SignatureLine signature={closure.signatures.find((s) => s.kind === 'closure')} className="mt-2" />
            </div>
            <Button variant="secondary" className="shrink-0" onClick={() => start('reopen')}>
              Reopen
            </Button>
          </div>
        ) : (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <p className="text-sm text-slate-700">{ready ? 'Every condition is met: the complaint can be closed.' : 'A complaint is closed only when every condition below is met.'}</p>
              <Button className="shrink-0" disabled={!ready} title={ready ? undefined : 'Meet every condition first'} onClick={() => start('close')}>
                Close complaint
              </Button>
            </div>
            <ul className="divide-y divide-slate-100 text-sm" aria-label="Closing checklist">
              {closure.checklist.map((item) => (
                <li key={item.condition} className="flex items-start gap-2 py-2">
                  <Icon name={item.done ? 'check' : 'warning'} className={cn('mt-0.5 size-4 shrink-0', item.done ? 'text-green-700' : 'text-amber-700')} />
                  <div>
                    <p className={cn('font-medium', item.done ? 'text-slate-900' : 'text-amber-900')}>
                      {CONDITION_LABELS[item.condition]}
                      <span className="sr-only">{item.done ? ': done' : ': missing'}</span>
                    </p>
                    {item.missing && (
                      <p className="text-slate-700">
                        {item.missing}{' '}
                        <a href={`#${WHERE[item.condition].target}`} className="font-medium text-brand-800 hover:underline">
                          {WHERE[item.condition].text}
                        </a>
                      </p>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
        {closure.signatures.length > 0 && (
          <div>
            <h3 className="mb-1.5 text-sm font-semibold text-slate-900">Signatures</h3>
            <ul className="space-y-1.5">
              {closure.signatures.map((s) => (
                <li key={s.id} className="text-sm">
                  <span className="font-medium text-slate-700">{KIND_TEXT[s.kind]}: </span>
                  <SignatureLine signature={s} className="inline-flex" />
                </li>
              ))}
            </ul>
          </div>
        )}
        {closure.events.length > 0 && (
          <div>
            <h3 className="mb-1.5 text-sm font-semibold text-slate-900">Closed and reopened</h3>
            <ol className="space-y-1 text-sm text-slate-700">
              {closure.events.map((e) => (
                <li key={`${e.action}-${e.at}`}>
                  {e.action === 'close' ? 'Closed' : 'Reopened'} by {e.by?.name ?? 'the portal'} — {formatMoment(e.at)}: <span className="wrap-anywhere">{e.text}</span>
                </li>
              ))}
            </ol>
          </div>
        )}
      </div>
      {open?.kind === 'close' && <CloseDialog key={open.key} id={id} open={shown} onClose={() => setShown(false)} afterWrite={afterWrite} />}
      {open?.kind === 'reopen' && <ReopenDialog key={open.key} id={id} open={shown} onClose={() => setShown(false)} afterWrite={afterWrite} />}
    </section>
  );
}
