import { useId, useState } from 'react';
import type { Submission } from '#shared/contract/submissions';
import { messageOf } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { controlClasses } from '../../ui/field.tsx';
import { useAssignOwner, useOwners } from './api.ts';

/**
 * Who owns the complaint, with "Take it", "Assign" (to the person chosen) and "Unassign"
 * (docs/product.md, Owners). Each change says which owner it saw, so a change made meanwhile by
 * someone else is refused rather than overwritten.
 */
export function OwnerSection({ submission }: { submission: Submission }) {
  const me = useCurrentUser();
  const owners = useOwners();
  const assign = useAssignOwner();
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const owner = submission.owner;

  const change = (userId: string | null, done: string) =>
    assign
      .mutateAsync({ id: submission.id, userId, expectedOwnerId: owner?.id ?? null })
      .then(() => toast.success(done))
      .catch((err: unknown) => toast.error(messageOf(err, 'Failed to change the owner')));

  const others = (owners.data ?? []).filter((o) => o.id !== owner?.id);
  return (
    <section aria-labelledby="owner-title" className="mb-8 rounded-lg bg-white px-4 py-4 shadow-xs ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div className="min-w-0">
          <h2 id="owner-title" className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            Owner
          </h2>
          <p className="mt-1 text-sm font-medium text-slate-900" data-testid="owner-name">
            {owner ? owner.name : 'Nobody'}
          </p>
        </div>
        {/* A closed or denied complaint is nobody's work any more: no one takes or assigns it. */}
        {!submission.closed && submission.submissionStatus !== 'Denied' && (
        <div className="flex flex-wrap items-end gap-2">
          {me && owner?.id !== me.id && (
            <Button size="sm" variant="secondary" disabled={assign.isPending} onClick={() => void change(me.id, 'You own this submission now')}>
              Take it
            </Button>
          )}
          <label htmlFor={selectId} className="sr-only">
            Person to assign
          </label>
          <select id={selectId} value={chosen} onChange={(e) => setChosen(e.target.value)} className={`${controlClasses} w-48 pr-8`}>
            <option value="">Choose a person…</option>
            {others.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            variant="secondary"
            disabled={!chosen || assign.isPending}
            onClick={() => {
              const name = others.find((o) => o.id === chosen)?.name ?? 'them';
              void change(chosen, `Assigned to ${name}`).then(() => setChosen(''));
            }}
          >
            Assign
          </Button>
          {owner && (
            <Button size="sm" variant="ghost" disabled={assign.isPending} onClick={() => void change(null, 'Owner removed')}>
              Unassign
            </Button>
          )}
        </div>
        )}
      </div>
    </section>
  );
}
