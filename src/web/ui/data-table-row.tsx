import { type Row, type Table, flexRender } from '@tanstack/react-table';
import type { KeyboardEvent, MouseEvent } from 'react';
import { cn } from '../lib/cn.ts';
import { Icon } from './icons.tsx';

/** Table breakpoints: a column tagged for one is hidden at widths ≤ it. */
export type HideBelow = 599 | 959 | 1280 | 1439;

// Written out in full so Tailwind sees each class; the variants are defined in styles.css (≤, not <).
/** Hides a column's header and cells at widths ≤ its breakpoint. */
export const HIDE: Record<HideBelow, string> = { 599: 'upto-599:hidden', 959: 'upto-959:hidden', 1280: 'upto-1280:hidden', 1439: 'upto-1439:hidden' };
/** Shows what a hidden column held, in the expanded row, only while the column is hidden. */
const SHOW_WHEN_HIDDEN: Record<HideBelow, string> = { 599: 'hidden upto-599:block', 959: 'hidden upto-959:block', 1280: 'hidden upto-1280:block', 1439: 'hidden upto-1439:block' };
/** The expand control and its row exist only while at least one column is hidden. */
export const TOGGLE_CELL: Record<HideBelow, string> = { 599: 'hidden upto-599:table-cell', 959: 'hidden upto-959:table-cell', 1280: 'hidden upto-1280:table-cell', 1439: 'hidden upto-1439:table-cell' };
const DETAIL_ROW: Record<HideBelow, string> = { 599: 'hidden upto-599:table-row', 959: 'hidden upto-959:table-row', 1280: 'hidden upto-1280:table-row', 1439: 'hidden upto-1439:table-row' };

/** The widest breakpoint any column hides at: below it the table offers expandable rows. */
export function widestHide<T>(table: Table<T>): HideBelow | undefined {
  const all = table.getAllLeafColumns().map((c) => c.columnDef.meta?.hideBelow).filter((b): b is HideBelow => b !== undefined);
  return all.length ? (Math.max(...all) as HideBelow) : undefined;
}

interface DataRowProps<T> {
  row: Row<T>;
  table: Table<T>;
  /** Set when some column can hide: the row gets an expand button and a row of what is hidden. */
  expandAt?: HideBelow;
  expanded: boolean;
  onToggle: () => void;
  onActivate?: () => void;
  className?: string;
}

/**
 * One body row. When columns hide on narrow screens, a disclosure button (aria-expanded) opens a
 * second row listing the hidden columns' contents, with their buttons (Create, Retry, Mark...), so
 * nothing a wide screen offers is out of reach on a phone.
 */
export function DataRow<T>({ row, table, expandAt, expanded, onToggle, onActivate, className }: DataRowProps<T>) {
  const detailId = `more-${row.id}`.replace(/[^\w-]/g, '_');
  const hidden = row.getAllCells().filter((cell) => cell.column.columnDef.meta?.hideBelow);
  const headers = table.getFlatHeaders();
  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    onToggle();
  };
  return (
    <>
      <tr
        onClick={onActivate}
        onKeyDown={onActivate ? (event: KeyboardEvent) => event.key === 'Enter' && event.target === event.currentTarget && onActivate() : undefined}
        tabIndex={onActivate ? 0 : undefined}
        className={cn(onActivate && 'cursor-pointer hover:bg-brand-50/60 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600', className)}
      >
        {row.getVisibleCells().map((cell) => {
          const meta = cell.column.columnDef.meta;
          return (
            <td key={cell.id} className={cn('px-3 py-3 text-slate-700 sm:px-4', meta?.hideBelow && HIDE[meta.hideBelow], meta?.className)}>
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </td>
          );
        })}
        {expandAt && (
          <td className={cn('w-0 py-1 pr-0 pl-0', TOGGLE_CELL[expandAt])}>
            <button
              type="button"
              onClick={toggle}
              aria-expanded={expanded}
              aria-controls={detailId}
              aria-label="More of this row"
              // A 44 × 44 px target, the size a finger needs: 36 px wide in the layout, its ::after reaching 8 px to its left (never past the table's right edge).
              className="relative inline-flex h-11 w-9 items-center justify-center rounded-md text-slate-600 after:absolute after:inset-y-0 after:right-0 after:-left-2 hover:bg-slate-100 hover:text-slate-900"
            >
              <Icon name={expanded ? 'chevronUp' : 'chevronDown'} className="size-5" />
            </button>
          </td>
        )}
      </tr>
      {expandAt && expanded && (
        <tr id={detailId} className={cn('bg-slate-50/70', DETAIL_ROW[expandAt], className)}>
          {/* Wider than any row: the browser ends it at the last shown column. */}
          <td colSpan={100} className="px-3 pt-1 pb-4 sm:px-4">
            <dl className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-x-4 gap-y-3 text-sm">
              {hidden.map((cell) => {
                const header = headers.find((h) => h.column.id === cell.column.id);
                const breakpoint = cell.column.columnDef.meta!.hideBelow!;
                return (
                  <div key={cell.id} className={cn('min-w-0', SHOW_WHEN_HIDDEN[breakpoint])}>
                    <dt className="text-xs font-semibold text-slate-600">{header ? flexRender(cell.column.columnDef.header, header.getContext()) : cell.column.id}</dt>
                    <dd className="mt-1 text-slate-800 wrap-anywhere">{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                  </div>
                );
              })}
            </dl>
          </td>
        </tr>
      )}
    </>
  );
}
