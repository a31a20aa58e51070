import type { PaginationState } from '@tanstack/react-table';
import { useId } from 'react';
import { Icon, type IconName } from './icons.tsx';

export const PAGE_SIZES = [10, 15, 20, 25, 30] as const;

interface PaginationProps {
  pagination: PaginationState;
  total: number;
  pageCount: number;
  onChange: (next: PaginationState) => void;
}

function PageButton({ icon, label, disabled, onClick }: { icon: IconName; label: string; disabled: boolean; onClick: () => void }) {
  return (
    <button type="button" aria-label={label} title={label} disabled={disabled} onClick={onClick} className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent">
      <Icon name={icon} className="size-5" />
    </button>
  );
}

/** Rows per page (10–30, docs/product.md, List and CSV), the range shown, and first / previous / next / last. */
export function Pagination({ pagination, total, pageCount, onChange }: PaginationProps) {
  const id = useId();
  const { pageIndex, pageSize } = pagination;
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  const atStart = pageIndex <= 0;
  const atEnd = pageIndex >= pageCount - 1;
  const go = (index: number) => onChange({ pageIndex: index, pageSize });

  return (
    <div className="flex flex-wrap items-center justify-end gap-x-6 gap-y-2 border-t border-slate-200 px-4 py-2.5 text-sm text-slate-600">
      <div className="flex items-center gap-2">
        <label htmlFor={id}>Rows per page:</label>
        <select
          id={id}
          value={pageSize}
          onChange={(event) => onChange({ pageIndex: 0, pageSize: Number(event.target.value) })}
          className="rounded-md border-0 bg-transparent py-1 pr-7 pl-2 text-sm text-slate-800 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-brand-600 focus:outline-none"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <p aria-live="polite" className="tabular-nums">
        {first}-{last} of {total}
      </p>
      <nav aria-label="Pagination" className="flex items-center gap-1">
        <PageButton icon="chevronsLeft" label="First page" disabled={atStart} onClick={() => go(0)} />
        <PageButton icon="chevronLeft" label="Previous page" disabled={atStart} onClick={() => go(pageIndex - 1)} />
        <PageButton icon="chevronRight" label="Next page" disabled={atEnd} onClick={() => go(pageIndex + 1)} />
        <PageButton icon="chevronsRight" label="Last page" disabled={atEnd} onClick={() => go(pageCount - 1)} />
      </nav>
    </div>
  );
}
