import type { Signature } from '#shared/contract/signatures';
import { formatMoment } from '../../lib/dates.ts';
import { cn } from '../../lib/cn.ts';
import { Icon } from '../../ui/icons.tsx';

/**
 * A signature as the record shows it wherever the signed item shows: the printed name, the date and
 * time with its zone, and the meaning — or that it no longer matches, when and by whom it changed.
 */
export function SignatureLine({ signature, className }: { signature: Signature | undefined; className?: string }) {
  if (!signature) {
    return (
      <p className={cn('flex items-center gap-1.5 text-sm text-amber-800', className)}>
        <Icon name="warning" className="size-4 shrink-0" />
        Unsigned
      </p>
    );
  }
  const signed = `${signature.signer.name} — ${formatMoment(signature.at)} — ${signature.meaning}`;
  if (signature.valid) {
    return (
      <p className={cn('flex items-start gap-1.5 text-sm text-green-900', className)}>
        <Icon name="check" className="mt-0.5 size-4 shrink-0" />
        <span>
          <span className="sr-only">Electronically signed: </span>Signed by {signed}
        </span>
      </p>
    );
  }
  return (
    <p className={cn('flex items-start gap-1.5 text-sm text-amber-900', className)}>
      <Icon name="warning" className="mt-0.5 size-4 shrink-0" />
      <span>
        Signed by {signed} — no longer matches: changed on {formatMoment(signature.changed?.at ?? signature.at)} by {signature.changed?.by ?? 'JotForm or the portal'}. Sign again.
      </span>
    </p>
  );
}
