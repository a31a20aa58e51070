import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { IMDRF_ANNEX_NAMES, type ImdrfCode } from '#shared/contract/imdrf';
import { messageOf } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useCodeSearch } from './api.ts';

/** How long the picker waits after a key stroke before it searches. */
const SEARCH_DELAY_MS = 200;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

interface Props {
  /** Codes the complaint has already: shown, but not offered again. */
  taken: ReadonlySet<string>;
  disabled?: boolean;
  onPick: (code: ImdrfCode) => void;
}

/**
 * A searchable list of IMDRF terms (an ARIA combobox): type words or a code, and the matching
 * terms appear with their definitions. Arrow keys move, Enter adds, Escape closes. Terms the
 * release marks not selectable are listed, marked, and cannot be added.
 */
export function CodePicker({ taken, disabled, onPick }: Props) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useCodeSearch(useDebounced(text, SEARCH_DELAY_MS));
  const listId = useId();
  const hintId = useId();
  const codes = text.trim() ? (search.data?.codes ?? []) : [];
  const canPick = (c: ImdrfCode) => c.selectable && !taken.has(c.code);
  const optionId = (i: number) => `${listId}-option-${i}`;
  const shown = open && text.trim().length > 0;

  useEffect(() => setActive(0), [search.data]);

  const pick = (c: ImdrfCode | undefined) => {
    if (!c || !canPick(c)) return;
    onPick(c);
    setText('');
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, codes.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter') {
      if (shown && codes[active]) {
        e.preventDefault();
        pick(codes[active]);
      }
    } else if (e.key === 'Escape') {
      if (shown) {
        e.preventDefault();
        setOpen(false);
      }
    }
  };

  useEffect(() => {
    if (shown) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active, shown]);

  return (
    <div className="relative">
      <label htmlFor={`${listId}-input`} className="block text-sm font-medium text-slate-800">
        Add an IMDRF code
      </label>
      <input
        id={`${listId}-input`}
        type="text"
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-describedby={hintId}
        aria-activedescendant={shown && codes[active] ? optionId(active) : undefined}
        autoComplete="off"
        disabled={disabled}
        value={text}
        placeholder="Search terms, definitions or codes, e.g. leak"
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-brand-700 disabled:bg-slate-50 disabled:text-slate-500"
      />
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        ↑ ↓ to move, Enter to add, Escape to close.
      </p>
      {shown && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Matching IMDRF terms"
          className="absolute z-20 mt-1 max-h-96 w-full overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-300"
        >
          {search.isError ? (
            <li className="px-3 py-2 text-red-800">{messageOf(search.error, 'Failed to search the IMDRF terms')}</li>
          ) : codes.length === 0 ? (
            <li className="px-3 py-2 text-slate-600">{search.isFetching ? 'Searching...' : 'No matching terms'}</li>
          ) : (
            codes.map((c, i) => (
              <li
                key={c.code}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                aria-disabled={!canPick(c)}
                // Keeps the focus in the input, so the click picks before the list closes.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(c)}
                onMouseEnter={() => setActive(i)}
                className={cn('cursor-pointer px-3 py-2', i === active && 'bg-brand-50', !canPick(c) && 'cursor-not-allowed text-slate-500')}
              >
                <span className="font-mono text-xs text-slate-700">{c.code}</span> <span className="font-medium text-slate-900">{c.term}</span>
                <span className="ml-1 text-xs text-slate-600">
                  · Annex {c.annex}, {IMDRF_ANNEX_NAMES[c.annex]}
                  {!c.selectable ? ' · not selectable: choose a more specific term' : taken.has(c.code) ? ' · already added' : ''}
                </span>
                {c.definition && <span className="mt-0.5 block text-xs text-slate-700">{c.definition}</span>}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
