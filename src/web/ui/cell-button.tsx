import type { MouseEvent, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * A control inside a clickable table row: its click must not also open the row (the row listens
 * for clicks, and Enter on a focused button arrives as a click).
 */
export function CellButton({ onClick, label, title, tone = 'default', disabled, children }: { onClick: () => void; label?: string; title?: string; tone?: 'default' | 'link' | 'quiet'; disabled?: boolean; children: ReactNode }) {
  const handle = (event: MouseEvent) => {
    event.stopPropagation();
    onClick();
  };
  return (
    <button
      type="button"
      onClick={handle}
      aria-label={label}
      title={title}
      disabled={disabled}
      className={cn(
        'inline-flex items-center gap-1 rounded-md text-left text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60',
        tone === 'link' && '-mx-1 px-1 py-0.5 text-brand-800 underline decoration-brand-300 underline-offset-4 hover:bg-brand-50 hover:decoration-brand-700',
        // Many rows have no follow-up yet: their Add stays quiet until pointed at.
        tone === 'quiet' && '-mx-1 px-1 py-0.5 text-slate-500 hover:bg-brand-50 hover:text-brand-800',
        tone === 'default' &&
          // Two-word names ("Mark reportable") may wrap between their words where the table is tight,
          // never inside a word (the cell breaks long titles anywhere; a button's words stay whole).
          'bg-white px-2 py-1 break-normal whitespace-normal text-slate-800 shadow-xs ring-1 ring-slate-300 ring-inset hover:bg-slate-50',
      )}
    >
      {children}
    </button>
  );
}
