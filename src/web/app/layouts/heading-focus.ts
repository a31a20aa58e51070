import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to show its heading (a lazy chunk, then its data). */
const WAIT_MS = 5000;

/** The page heading inside `container`, made focusable from script only. */
export function focusHeading(container: ParentNode = document): boolean {
  const heading = container.querySelector<HTMLElement>('#main h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
  return true;
}

/**
 * After a navigation inside the app, focus moves to the new page's h1, so keyboard and
 * screen-reader users start on the page they asked for instead of on <body>. A fresh page load
 * leaves focus alone (the first Tab then reaches "Skip to content"); so do query-only changes
 * (filters, paging), and an open dialog keeps its focus.
 */
export function useHeadingFocusOnNavigate(): void {
  const { pathname, key } = useLocation();
  useEffect(() => {
    if (key === 'default') return;
    const started = performance.now();
    let frame = 0;
    const attempt = () => {
      if (document.querySelector('[role="dialog"]') || focusHeading()) return;
      if (performance.now() - started < WAIT_MS) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
    // Only a new path is a new page: `key` changes with every query change too, so it is read, not watched.
  }, [pathname]);
}
