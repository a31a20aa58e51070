import { arrayMove } from '@dnd-kit/sortable';
import { useMemo, useState } from 'react';
import type { Question } from '#shared/contract/questions';

/**
 * The order shown: the local order of the qids still on the form, with questions the server has
 * and the local order lacks (added meanwhile) at their server position. Deleted ones drop out.
 */
export function reconcileOrder(server: readonly Question[], local: readonly string[] | null): Question[] {
  if (!local) return [...server];
  const byQid = new Map(server.map((q) => [q.qid, q]));
  const shown = local.flatMap((qid) => {
    const question = byQid.get(qid);
    return question ? [question] : [];
  });
  const kept = new Set(shown.map((q) => q.qid));
  server.forEach((q, index) => {
    if (!kept.has(q.qid)) shown.splice(Math.min(index, shown.length), 0, q);
  });
  return shown;
}

/** True when the order shown differs from the server's: the Save order action applies. */
export function isReordered(server: readonly Question[], shown: readonly Question[]): boolean {
  return server.length === shown.length ? shown.some((q, i) => q.qid !== server[i]?.qid) : true;
}

/**
 * The server's questions top to bottom, where a question added at a number another one already
 * has comes first: it was inserted there (JotForm gives each new question a higher qid). Decision 032.
 */
export function insertionOrder(server: readonly Question[]): Question[] {
  return [...server].sort((a, b) => a.order - b.order || Number(b.qid) - Number(a.qid));
}

/** True when two questions share a number (or numbers run backwards): the list must be numbered afresh. */
export function needsRenumbering(shown: readonly Question[]): boolean {
  return shown.some((q, i) => i > 0 && q.order <= shown[i - 1]!.order);
}

/**
 * Dragging reorders locally. ADR 004: the new order can then be saved or discarded; the
 * questions the server sends stay the reference for what "changed" means. Decision 032: numbers
 * shown are always distinct — while anything is to be saved, each row shows its position, which
 * is the number Save order gives it; otherwise JotForm's own number.
 */
export function useQuestionOrder(server: readonly Question[] | undefined) {
  const [local, setLocal] = useState<string[] | null>(null);
  // The questions the person dragged, marked in the list (not every row that shifted because of it).
  const [dragged, setDragged] = useState<ReadonlySet<string>>(new Set());
  const inserted = useMemo(() => insertionOrder(server ?? []), [server]);
  const items = useMemo(() => reconcileOrder(inserted, local), [inserted, local]);
  const renumbered = !!server && needsRenumbering(inserted);
  const moved = !!server && local !== null && isReordered(inserted, items);
  const changed = renumbered || moved;
  const positions = useMemo(() => new Map(items.map((q, i) => [q.qid, i + 1])), [items]);
  /** The number a row shows: its position while something is unsaved, else JotForm's. */
  const numberOf = (question: Question): number => (changed ? (positions.get(question.qid) ?? question.order) : question.order);

  function move(activeQid: string, overQid: string): void {
    const qids = items.map((q) => q.qid);
    const from = qids.indexOf(activeQid);
    const to = qids.indexOf(overQid);
    if (from < 0 || to < 0 || from === to) return;
    setLocal(arrayMove(qids, from, to));
    setDragged((previous) => new Set(previous).add(activeQid));
  }

  function reset(): void {
    setLocal(null);
    setDragged(new Set());
  }

  /** Marked only while the order differs: dragging a question back clears the marks. */
  const isMoved = (qid: string): boolean => moved && dragged.has(qid);

  return { items, changed, reason: moved ? ('moved' as const) : ('renumbered' as const), numberOf, move, reset, isMoved };
}
