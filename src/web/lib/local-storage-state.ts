import { useCallback, useState } from 'react';

/**
 * A value kept in localStorage under `key`, for the few UI preferences the product keeps (docs/product.md, Forms)
 * (e.g. the Users table's page and sort). A stored value that fails `isValid` is ignored.
 */
export function useLocalStorageState<T>(key: string, fallback: T, isValid: (value: unknown) => value is T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = window.localStorage.getItem(key);
      if (raw === null) return fallback;
      const parsed: unknown = JSON.parse(raw);
      return isValid(parsed) ? parsed : fallback;
    } catch {
      return fallback;
    }
  });
  const update = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage blocked: the preference just lasts for this visit.
      }
    },
    [key],
  );
  return [value, update];
}
