import { useCallback, useState } from 'react';
import { session } from './session.ts';

/**
 * Text typed into a dialog — a follow-up note, a rationale, a reason — kept when the dialog closes
 * without saving (Escape, a click outside, Cancel) and restored when the same dialog opens again for
 * the same submission (docs/product.md, Forms). Kept in memory only: the text may describe a
 * patient, so it is never written to the browser's storage, and it goes when the session ends (sign
 * out, another user signing in) or the page reloads.
 */
const drafts = new Map<string, string>();
let draftsOf: string | null = session.get()?.user.id ?? null;

session.subscribe(() => {
  const userId = session.get()?.user.id ?? null;
  if (userId === draftsOf) return;
  drafts.clear();
  draftsOf = userId;
});

/** The draft kept under `key` ('' when there is none). */
export const draftOf = (key: string): string => drafts.get(key) ?? '';

/** Keeps `text` under `key`; an empty text removes the draft. */
export function keepDraft(key: string, text: string): void {
  if (text) drafts.set(key, text);
  else drafts.delete(key);
}

/**
 * A text field's value backed by the draft under `key` (e.g. `followup:<submission id>`): starts from
 * the draft, keeps every change, and `discard` forgets it once the text is saved. A new key (another
 * submission in a dialog that stays mounted) starts from that key's draft.
 */
export function useDraft(key: string): [string, (text: string) => void, () => void] {
  const [state, setState] = useState(() => ({ key, text: draftOf(key) }));
  const current = state.key === key ? state : { key, text: draftOf(key) };
  if (current !== state) setState(current);
  const set = useCallback(
    (text: string) => {
      keepDraft(key, text);
      setState({ key, text });
    },
    [key],
  );
  const discard = useCallback(() => {
    keepDraft(key, '');
    setState({ key, text: '' });
  }, [key]);
  return [current.text, set, discard];
}
