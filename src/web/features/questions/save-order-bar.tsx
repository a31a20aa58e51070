import { Button } from '../../ui/button.tsx';

interface Props {
  /** Why there is something to save: a question was dragged, or two shared a number. */
  reason: 'moved' | 'renumbered';
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
}

/**
 * ADR 004: shown while the order differs from the server's. It sticks to the bottom of the
 * window, so it stays in reach after dragging a question far down a long list.
 */
export function SaveOrderBar({ reason, saving, onSave, onDiscard }: Props) {
  return (
    <div
      role="region"
      aria-label="Unsaved question order"
      className="sticky bottom-4 z-20 mt-4 flex flex-col gap-3 rounded-lg border-l-4 border-brand-600 bg-white px-4 py-3 shadow-lg ring-1 ring-slate-900/10 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm font-medium text-slate-800" role="status">
        {reason === 'moved'
          ? 'The question order has changed. Save it to apply it to the form.'
          : 'Two questions had the same number, so the list is numbered afresh. Save order to apply the numbers to the form.'}
      </p>
      <div className="flex shrink-0 gap-3">
        {/* Numbering afresh undoes nothing the person did: there is nothing to discard. */}
        {reason === 'moved' && (
          <Button variant="secondary" onClick={onDiscard} disabled={saving} className="flex-1 sm:flex-none">
            Discard
          </Button>
        )}
        <Button onClick={onSave} busy={saving} busyText="Saving..." className="flex-1 sm:flex-none">
          Save order
        </Button>
      </div>
    </div>
  );
}
