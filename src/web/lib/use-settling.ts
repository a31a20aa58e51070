import { useEffect, useState } from 'react';

/** Longer than a double-click's interval (500 ms on most systems). */
export const SETTLE_MS = 700;

/**
 * True for a moment after `value` changes (not on first render): the buttons a change brings in
 * ignore the second click of a double-click that caused it (docs/product.md, Statuses).
 */
export function useSettling(value: unknown, ms = SETTLE_MS): boolean {
  const [seen, setSeen] = useState(value);
  const [settling, setSettling] = useState(false);
  if (!Object.is(seen, value)) {
    setSeen(value);
    setSettling(true);
  }
  useEffect(() => {
    if (!settling) return;
    const timer = setTimeout(() => setSettling(false), ms);
    return () => clearTimeout(timer);
  }, [settling, ms]);
  return settling;
}
