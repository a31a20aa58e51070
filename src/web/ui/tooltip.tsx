import { type ReactNode, useId, useState } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * A short explanation of `children`, shown while it is pointed at, focused (Tab) or tapped, and
 * hidden by Escape, leaving or tapping elsewhere. The text is always the trigger's description (aria-describedby), so screen
 * readers hear it too: never information only in a `title`.
 */
export function Tooltip({ tip, children, className }: { tip: string; children: ReactNode; className?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className="relative inline-flex" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        aria-describedby={id}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={(event) => {
          // A tap shows it (a touch screen sends mouseenter first, so no toggling); tapping
          // elsewhere blurs and hides it. Inside a clickable row, a tap explains, it does not open the row.
          event.stopPropagation();
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
        className={cn('cursor-help rounded-sm text-left underline decoration-slate-400 decoration-dotted underline-offset-4', className)}
      >
        {children}
      </button>
      <span
        role="tooltip"
        id={id}
        className={cn(open ? 'absolute top-full left-0 z-20 mt-1.5 w-max max-w-64 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-normal whitespace-normal text-white shadow-lg' : 'hidden')}
      >
        {tip}
      </span>
    </span>
  );
}
