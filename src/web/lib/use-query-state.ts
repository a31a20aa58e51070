import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's filters kept in its address's query: the state read from it, and `update`, which merges
 * a patch into the query as the last update left it and replaces the address with the result.
 *
 * react-router hands a function given to `setSearchParams` the query of the last render, and the
 * render after a navigation may come later than the next event (navigations render in a
 * transition): two changes before it (a select changed right after another, a debounced search
 * landing after a select) would each start from the same query, and the second would undo the
 * first. So each update starts from the query the previous one asked for until a render shows it.
 */
export function useQueryState<S>(parse: (query: URLSearchParams) => S, next: (now: S, patch: Partial<S>) => URLSearchParams): { state: S; query: URLSearchParams; update: (patch: Partial<S>) => void; clear: () => void } {
  const [query, setQuery] = useSearchParams();
  const state = useMemo(() => parse(query), [parse, query]);
  const asked = useRef<URLSearchParams | null>(null);
  // Once a render shows the query last asked for, the address is the one to start from again.
  useEffect(() => {
    if (asked.current?.toString() === query.toString()) asked.current = null;
  }, [query]);
  const update = useCallback(
    (patch: Partial<S>) => {
      const target = next(parse(asked.current ?? query), patch);
      asked.current = target;
      setQuery(target, { replace: true });
    },
    [parse, next, query, setQuery],
  );
  /** Every filter off: an empty query. */
  const clear = useCallback(() => {
    asked.current = new URLSearchParams();
    setQuery(asked.current, { replace: true });
  }, [setQuery]);
  return { state, query, update, clear };
}
