import { type MouseEvent, useEffect, useState } from 'react';
import { focusHeading } from './heading-focus.ts';

const LINK = 'sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-800 shadow ring-1 ring-slate-200 focus:not-sr-only focus:fixed focus:top-2 focus:left-2';

/** The main region's first table, while the page shows one (lists load after the page). */
function useMainTable(): boolean {
  const [present, setPresent] = useState(false);
  useEffect(() => {
    const main = document.getElementById('main');
    if (!main) return;
    const look = () => setPresent(!!main.querySelector('table'));
    look();
    const observer = new MutationObserver(look);
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return present;
}

/** The table's first row when rows open records, else its first control, else the table itself. */
function focusTable(): void {
  const table = document.querySelector<HTMLElement>('#main table');
  if (!table) return;
  const target = table.querySelector<HTMLElement>('tbody tr[tabindex="0"]') ?? table.querySelector<HTMLElement>('button, a[href], input, select, [tabindex="0"]');
  if (target) return target.focus();
  table.tabIndex = -1;
  table.focus();
}

/**
 * The first focusable elements of every signed-in page: "Skip to content" lands on the page
 * heading, past the top bar and the sidebar; on pages with a table, "Skip to table" lands in it.
 * Neither puts a '#fragment' in the address.
 */
export function SkipLinks() {
  const hasTable = useMainTable();
  const toContent = (event: MouseEvent) => {
    event.preventDefault();
    if (!focusHeading()) document.getElementById('main')?.focus();
  };
  const toTable = (event: MouseEvent) => {
    event.preventDefault();
    focusTable();
  };
  return (
    <>
      <a href="#main" onClick={toContent} className={LINK}>
        Skip to content
      </a>
      {hasTable && (
        <a href="#main" onClick={toTable} className={LINK}>
          Skip to table
        </a>
      )}
    </>
  );
}
