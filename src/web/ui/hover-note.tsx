import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** What counts as "the row" whose keyboard focus also shows the note. */
export type NoteRow = 'tr' | 'li';

/**
 * Which edge of the value the note lines up with: `end` for values at the right of a row, so the
 * note (present, if unseen) never reaches past the window and makes the page scroll sideways. On
 * narrow screens rows stack and values sit at the left, so `end` applies from `sm` up.
 */
export type NoteAlign = 'start' | 'end';
const ALIGN: Record<NoteAlign, string> = { start: 'left-0', end: 'left-0 sm:left-auto sm:right-0' };

// Written out in full so Tailwind sees each class.
const ROW_FOCUS: Record<NoteRow, string> = {
  tr: 'in-[tr:focus-visible]:opacity-100',
  li: 'in-[li:focus-within]:opacity-100',
};

/**
 * A short note about a value (another clock's time, a raw name), without a tab stop of its own:
 * shown while the pointer is on the value or its row has keyboard focus, always shown as a small
 * line on touch screens (which cannot hover), and always part of the text screen readers read.
 * Not a `title`: that reaches neither the keyboard nor touch.
 */
export function HoverNote({ children, note, row, align = 'start', className }: { children: ReactNode; note: ReactNode; row: NoteRow; align?: NoteAlign; className?: string }) {
  return (
    <span className={cn('group/note relative inline-block', className)}>
      {children}
      <span
        data-note=""
        className={cn(
          'pointer-events-none absolute bottom-full z-20 mb-1 w-max max-w-72 rounded-md bg-slate-900 px-2 py-1 text-xs font-normal whitespace-nowrap text-white opacity-0 shadow-md transition-opacity group-hover/note:opacity-100',
          ALIGN[align],
          ROW_FOCUS[row],
          // No hover on touch screens: the note becomes a quiet line under the value.
          'pointer-coarse:static pointer-coarse:w-auto pointer-coarse:whitespace-normal pointer-coarse:mt-0.5 pointer-coarse:mb-0 pointer-coarse:block pointer-coarse:bg-transparent pointer-coarse:p-0 pointer-coarse:text-slate-600 pointer-coarse:opacity-100 pointer-coarse:shadow-none',
        )}
      >
        <span className="sr-only"> (</span>
        {note}
        <span className="sr-only">)</span>
      </span>
    </span>
  );
}
